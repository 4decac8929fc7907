/*
 * ASSERTION: an integer constant beyond 64 bits is refused.
 */
BEGIN { trace(123456789012345678901234567890); }

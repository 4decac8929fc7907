/*
 * ASSERTION: an unset macro argument is refused.
 */
BEGIN { trace($5); }

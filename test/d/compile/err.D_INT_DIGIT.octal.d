/*
 * ASSERTION: an octal constant with an 8 is refused.
 */
BEGIN { trace(08); }

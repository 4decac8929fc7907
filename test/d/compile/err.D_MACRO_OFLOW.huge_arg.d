/*
 * ASSERTION: a macro argument number above INT_MAX is refused.
 */
BEGIN { trace($99999999999999999999); }

/*
 * ASSERTION: trace() of an expression cast to void is refused.
 */
BEGIN { trace((void)1); }

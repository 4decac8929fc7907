/*
 * ASSERTION: print() of an expression cast to void is refused.
 */
BEGIN { print((void)1); }

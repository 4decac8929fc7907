/*
 * ASSERTION: print() of an action (whose value is void) is refused.
 */
BEGIN { print(exit(0)); }

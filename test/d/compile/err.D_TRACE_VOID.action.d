/*
 * ASSERTION: trace() of an action (whose value is void) is refused.
 */
BEGIN { trace(exit(0)); }

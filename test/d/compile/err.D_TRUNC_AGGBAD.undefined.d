/*
 * ASSERTION: trunc() of an aggregation that was never defined is refused.
 */
BEGIN { trunc(@never, 2); }

/*
 * ASSERTION: clear() of an aggregation that was never defined is refused.
 */
BEGIN { clear(@never); }

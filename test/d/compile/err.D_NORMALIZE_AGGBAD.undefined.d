/*
 * ASSERTION: normalize() of an aggregation that was never defined is
 * refused.
 */
BEGIN { normalize(@never, 2); }

/*
 * ASSERTION: normalize() needs an aggregation.
 */
BEGIN { normalize(1, 2); }

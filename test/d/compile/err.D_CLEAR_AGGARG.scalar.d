/*
 * ASSERTION: clear() needs an aggregation.
 */
BEGIN { clear(1); }

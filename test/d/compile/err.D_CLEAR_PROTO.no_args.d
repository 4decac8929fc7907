/*
 * ASSERTION: clear() needs its aggregation.
 */
BEGIN { clear(); }

/*
 * ASSERTION: a scalar variable cannot be indexed.
 */
BEGIN { x = 1; trace(x[1]); }

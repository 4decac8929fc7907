/*
 * ASSERTION: lquantize() needs a constant limit.
 */
BEGIN { @a = lquantize(1, 0, timestamp, 1); }

/*
 * ASSERTION: lquantize() needs a constant base.
 */
BEGIN { @a = lquantize(1, timestamp, 10, 1); }

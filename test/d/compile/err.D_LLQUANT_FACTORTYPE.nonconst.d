/*
 * ASSERTION: llquantize() needs a constant factor.
 */
BEGIN { @a = llquantize(1, timestamp, 0, 6, 10); }

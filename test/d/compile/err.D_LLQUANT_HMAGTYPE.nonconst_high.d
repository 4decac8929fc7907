/*
 * ASSERTION: llquantize() needs a constant high magnitude.
 */
BEGIN { @a = llquantize(1, 10, 0, timestamp, 10); }

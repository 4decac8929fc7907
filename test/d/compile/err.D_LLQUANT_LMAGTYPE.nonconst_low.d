/*
 * ASSERTION: llquantize() needs a constant low magnitude.
 */
BEGIN { @a = llquantize(1, 10, timestamp, 6, 10); }

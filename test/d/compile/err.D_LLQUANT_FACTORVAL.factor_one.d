/*
 * ASSERTION: llquantize() needs a factor of at least 2.
 */
BEGIN { @a = llquantize(1, 1, 0, 6, 10); }

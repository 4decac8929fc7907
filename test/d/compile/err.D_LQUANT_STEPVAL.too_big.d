/*
 * ASSERTION: lquantize() with a step above 16 bits is refused.
 */
BEGIN { @a = lquantize(1, 0, 1000000, 70000); }

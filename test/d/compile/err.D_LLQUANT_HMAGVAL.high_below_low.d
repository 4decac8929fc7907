/*
 * ASSERTION: llquantize() with high below low is refused.
 */
BEGIN { @a = llquantize(1, 10, 6, 2, 10); }

/*
 * ASSERTION: lquantize() with a zero step is refused.
 */
BEGIN { @a = lquantize(1, 0, 10, 0); }

/*
 * ASSERTION: llquantize() steps must be a multiple of the factor.
 */
BEGIN { @a = llquantize(1, 10, 0, 6, 7); }

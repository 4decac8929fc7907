/*
 * ASSERTION: llquantize() steps that the factor does not divide are
 * refused.
 */
BEGIN { @a = llquantize(1, 10, 0, 2, 15); }

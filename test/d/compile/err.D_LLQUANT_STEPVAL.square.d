/*
 * ASSERTION: llquantize() steps above the factor must divide the
 * factor squared where the low magnitude is 0.
 */
BEGIN { @a = llquantize(1, 10, 0, 6, 30); }

/*
 * ASSERTION: llquantize() steps above the factor must divide
 * factor^(low magnitude + 1).
 */
BEGIN { @a = llquantize(1, 10, 2, 6, 80); }

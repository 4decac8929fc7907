/*
 * ASSERTION: a negative llquantize() low magnitude is refused.
 */
BEGIN { @a = llquantize(1, 10, -1, 2, 10); }

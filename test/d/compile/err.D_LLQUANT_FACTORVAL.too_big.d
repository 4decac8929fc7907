/*
 * ASSERTION: an llquantize() factor above 16 bits is refused.
 */
BEGIN { @a = llquantize(1, 70000, 0, 2, 70000); }

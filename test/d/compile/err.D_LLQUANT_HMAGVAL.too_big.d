/*
 * ASSERTION: an llquantize() high magnitude above 16 bits is refused.
 */
BEGIN { @a = llquantize(1, 10, 0, 70000, 10); }

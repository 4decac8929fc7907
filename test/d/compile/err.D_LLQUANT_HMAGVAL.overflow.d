/*
 * ASSERTION: an llquantize() high magnitude whose power overflows 64 bits
 * is refused.
 */
BEGIN { @a = llquantize(1, 10, 0, 20, 10); }

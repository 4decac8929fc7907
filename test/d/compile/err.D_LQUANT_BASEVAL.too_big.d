/*
 * ASSERTION: an lquantize() base outside 32 bits is refused.
 */
BEGIN { @a = lquantize(1, 0x100000000, 0x100000010, 1); }

/*
 * ASSERTION: an lquantize() limit outside 32 bits is refused.
 */
BEGIN { @a = lquantize(1, 0, 0x100000000, 1); }

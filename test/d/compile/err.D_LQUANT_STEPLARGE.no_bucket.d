/*
 * ASSERTION: an lquantize() step wider than the range (no bucket) is
 * refused.
 */
BEGIN { @a = lquantize(1, 0, 10, 20); }

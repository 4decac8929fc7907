/*
 * ASSERTION: an lquantize() step that makes more than 65535 buckets is
 * refused.
 */
BEGIN { @a = lquantize(1, 0, 1000000, 1); }

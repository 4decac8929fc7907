/*
 * ASSERTION: lquantize() with base above limit is refused.
 */
BEGIN { @a = lquantize(1, 10, 0, 1); }

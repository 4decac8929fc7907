/*
 * ASSERTION: one aggregation used with two lquantize() steps is refused.
 */
BEGIN { @a = lquantize(1, 0, 100, 10); }
END { @a = lquantize(1, 0, 100, 5); }

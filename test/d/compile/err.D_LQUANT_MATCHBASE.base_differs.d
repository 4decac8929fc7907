/*
 * ASSERTION: one aggregation used with two lquantize() bases is refused.
 */
BEGIN { @a = lquantize(1, 0, 100, 10); }
END { @a = lquantize(1, 10, 100, 10); }

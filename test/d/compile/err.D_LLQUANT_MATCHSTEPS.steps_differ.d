/*
 * ASSERTION: one aggregation used with two llquantize() step counts is
 * refused.
 */
BEGIN { @a = llquantize(1, 10, 0, 2, 10); }
END { @a = llquantize(1, 10, 0, 2, 20); }

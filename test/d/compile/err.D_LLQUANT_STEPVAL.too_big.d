/*
 * ASSERTION: an llquantize() step count above 16 bits is refused.
 */
BEGIN { @a = llquantize(1, 10, 0, 2, 70000); }

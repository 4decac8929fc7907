/*
 * ASSERTION: llquantize() needs a constant step count.
 */
BEGIN { @a = llquantize(1, 10, 0, 6, timestamp); }

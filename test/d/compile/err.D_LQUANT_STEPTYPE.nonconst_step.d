/*
 * ASSERTION: lquantize() needs a constant step.
 */
BEGIN { @a = lquantize(1, 0, 10, timestamp); }

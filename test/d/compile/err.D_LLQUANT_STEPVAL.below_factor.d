/*
 * ASSERTION: llquantize() steps below the factor, which DTrace allows
 * where they divide it, are refused: the module's buckets need steps
 * that are multiples of the factor (doc/records.md 6.5).
 */
BEGIN { @a = llquantize(1, 10, 0, 6, 5); }

/*
 * ASSERTION: a predicate must be a scalar.
 */
BEGIN /curthread->se/ { }

/*
 * ASSERTION: trunc() takes an aggregation and at most a count.
 */
BEGIN { @a = count(); trunc(@a, 1, 2); }

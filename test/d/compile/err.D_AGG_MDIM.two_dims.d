/*
 * ASSERTION: an aggregation indexed twice ([1][2]) is refused.
 */
BEGIN { @a[1][2] = count(); }

/*
 * ASSERTION: `@a[1];` only names an aggregation: it has no effect.
 */
BEGIN { @a[1] = count(); @a[1]; }

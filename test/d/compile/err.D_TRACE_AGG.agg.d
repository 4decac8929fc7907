/*
 * ASSERTION: trace() of an aggregation is refused.
 */
BEGIN { @a = count(); trace(@a); }

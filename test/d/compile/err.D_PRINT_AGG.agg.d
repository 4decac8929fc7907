/*
 * ASSERTION: print() of an aggregation is refused.
 */
BEGIN { @a = count(); print(@a); }

/*
 * ASSERTION: clear() of an aggregating function's call, not an aggregation, is refused.
 */
BEGIN { @a = count(); clear(count()); }

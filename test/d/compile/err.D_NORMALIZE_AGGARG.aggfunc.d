/*
 * ASSERTION: normalize() of an aggregating function's call is refused.
 */
BEGIN { @a = count(); normalize(sum(1), 2); }

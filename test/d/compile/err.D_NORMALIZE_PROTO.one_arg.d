/*
 * ASSERTION: normalize() needs a factor after the aggregation.
 */
BEGIN { @a = count(); normalize(@a); }

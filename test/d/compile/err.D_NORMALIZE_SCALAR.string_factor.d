/*
 * ASSERTION: normalize() needs a scalar factor.
 */
BEGIN { @a = count(); normalize(@a, "x"); }

/*
 * ASSERTION: trunc() needs a scalar count.
 */
BEGIN { @a = count(); trunc(@a, "x"); }

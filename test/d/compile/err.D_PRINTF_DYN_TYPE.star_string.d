/*
 * ASSERTION: a * width must be an integer.
 */
BEGIN { printf("%*d\n", "x", 1); }

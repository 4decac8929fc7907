/*
 * ASSERTION: a "*" width without its argument is refused.
 */
BEGIN { printf("%*d\n"); }

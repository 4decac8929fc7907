/*
 * ASSERTION: %@ outside printa() is refused.
 */
BEGIN { printf("%@d\n", 1); }

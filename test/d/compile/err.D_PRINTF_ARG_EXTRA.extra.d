/*
 * ASSERTION: printf() with too many arguments is refused.
 */
BEGIN { printf("%d\n", 1, 2); }

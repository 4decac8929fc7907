/*
 * ASSERTION: printf() of another printf(), a void value, is refused.
 */
BEGIN { printf("%s\n", printf("x")); }

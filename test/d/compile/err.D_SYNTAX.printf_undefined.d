/*
 * ASSERTION: An unknown conversion is a syntax error.
 */
BEGIN { printf("%Z", 123); }

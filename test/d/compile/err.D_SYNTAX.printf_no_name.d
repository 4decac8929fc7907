/*
 * ASSERTION: A conversion without a name is a syntax error.
 */
BEGIN { printf("%3", 123); }

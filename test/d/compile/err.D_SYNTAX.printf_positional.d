/*
 * ASSERTION: A positional conversion (%n$) is a syntax error.
 */
BEGIN { printf("%3$d", 123); }

/*
 * ASSERTION: an empty printf() format is refused.
 */
BEGIN { printf(""); }

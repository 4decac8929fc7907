/*
 * ASSERTION: long char is refused.
 */
long char c;

/*
 * ASSERTION: unsigned applied to string is refused.
 */
unsigned string s;

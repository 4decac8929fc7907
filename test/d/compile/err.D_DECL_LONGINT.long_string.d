/*
 * ASSERTION: long applied to string is refused.
 */
long string s;

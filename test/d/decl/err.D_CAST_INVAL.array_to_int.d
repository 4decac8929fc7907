/*
 * ASSERTION: an array converts to a pointer only, not to an integer.
 */
char a[8];
BEGIN { trace((long)a); }

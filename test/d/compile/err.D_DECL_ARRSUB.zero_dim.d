/*
 * ASSERTION: an array dimension must be positive.
 */
int a[0];
BEGIN { }

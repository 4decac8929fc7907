/*
 * ASSERTION: storing at a constant index past the end is refused too.
 */
int a[5];
BEGIN { a[7] = 1; }

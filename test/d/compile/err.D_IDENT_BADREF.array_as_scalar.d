/*
 * ASSERTION: An associative array used as a scalar is refused in DTrace's words.
 */
BEGIN { a[1] = 1; trace(a); }

/*
 * ASSERTION: an associative array used as a scalar is refused.
 */
BEGIN { a[1] = 1; trace(a); }

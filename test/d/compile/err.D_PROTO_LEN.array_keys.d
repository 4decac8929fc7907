/*
 * ASSERTION: Too few keys of an associative array are counted as keys.
 */
BEGIN { a[1, 2] = 1; trace(a[1]); }

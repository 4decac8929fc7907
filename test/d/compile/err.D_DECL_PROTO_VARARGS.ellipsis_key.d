/*
 * ASSERTION: an associative array declared with "..." keys is refused.
 */
int a[...];

/*
 * ASSERTION: a clause-local associative array declaration is refused.
 */
this int a[int];
BEGIN { }

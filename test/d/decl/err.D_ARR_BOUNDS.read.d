/*
 * ASSERTION: a constant index past a declared array's end is refused.
 */
int a[5];
BEGIN { trace(a[5]); }

/*
 * ASSERTION: a storage class D does not support is refused.
 */
register int x;
BEGIN { }

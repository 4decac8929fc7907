/*
 * ASSERTION: an array declaration needs a dimension.
 */
int a[];
BEGIN { }

/*
 * ASSERTION: two storage classes are refused.
 */
self this int x;
BEGIN { }

/*
 * ASSERTION: A global D array indexed with two keys is refused in
 * DTrace's words.
 */
int x[5];

BEGIN { x[1, 2] = 1; }

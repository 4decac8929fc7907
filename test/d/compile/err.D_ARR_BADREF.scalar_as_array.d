/*
 * ASSERTION: A scalar indexed with two keys is refused in DTrace's words.
 */
BEGIN { x = 1; x[1, 2] = 1; }

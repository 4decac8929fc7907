/*
 * ASSERTION: an associative array key of void type is refused.
 */
BEGIN { a[(void)1] = 1; }

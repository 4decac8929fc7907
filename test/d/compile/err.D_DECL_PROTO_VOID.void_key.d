/*
 * ASSERTION: an associative array key of type void is refused.
 */
int a[int, void];

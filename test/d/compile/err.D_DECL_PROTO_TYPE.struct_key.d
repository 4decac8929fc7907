/*
 * ASSERTION: an associative array key of struct type is refused.
 */
struct q { int z; };
int a[struct q];

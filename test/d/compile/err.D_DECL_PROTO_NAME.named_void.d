/*
 * ASSERTION: a void key with a name is refused.
 */
int a[void unused];

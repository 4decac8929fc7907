/*
 * ASSERTION: int twice in one declaration is refused.
 */
int int x;

/*
 * ASSERTION: unsigned void is refused.
 */
unsigned void *p;

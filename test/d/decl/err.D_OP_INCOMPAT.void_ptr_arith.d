/*
 * ASSERTION: arithmetic on a void * is refused (its element has no size).
 */
void *p;
BEGIN { trace((long)(p + 1)); }

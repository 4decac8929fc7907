/*
 * ASSERTION: sizeof(void) is refused.
 */
BEGIN { trace(sizeof (void)); }

/*
 * ASSERTION: offsetof() needs a struct or union.
 */
BEGIN { trace(offsetof(int, a)); }

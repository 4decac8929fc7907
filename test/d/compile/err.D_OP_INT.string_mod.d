/*
 * ASSERTION: % on strings is refused.
 */
BEGIN { trace("a" % 2); }

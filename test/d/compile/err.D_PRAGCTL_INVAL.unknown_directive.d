/*
 * ASSERTION: an unknown control directive is refused.
 */
#foo
BEGIN { }

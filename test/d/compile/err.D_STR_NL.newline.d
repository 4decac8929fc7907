/*
 * ASSERTION: a string literal cannot span lines.
 */
BEGIN { trace("abc
def"); }

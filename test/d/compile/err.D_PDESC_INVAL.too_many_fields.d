/*
 * ASSERTION: a description with five fields is refused.
 */
a:b:c:d:e { }

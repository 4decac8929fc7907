/*
 * ASSERTION: a string compares with NULL only, not with another integer.
 */
BEGIN { trace(strchr("a", 'a') == 1); }

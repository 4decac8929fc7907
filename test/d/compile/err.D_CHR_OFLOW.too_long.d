/*
 * ASSERTION: a character constant longer than an int is refused.
 */
BEGIN { trace('abcdefghi'); }

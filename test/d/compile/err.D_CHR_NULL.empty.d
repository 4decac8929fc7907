/*
 * ASSERTION: an empty character constant is refused.
 */
BEGIN { trace(''); }

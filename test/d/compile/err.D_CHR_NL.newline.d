/*
 * ASSERTION: a character constant cannot span lines.
 */
BEGIN { trace('
'); }

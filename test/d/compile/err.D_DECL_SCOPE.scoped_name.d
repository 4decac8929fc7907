/*
 * ASSERTION: a declarator with a module scope (mod`name) is refused.
 */
int genunix`counter;

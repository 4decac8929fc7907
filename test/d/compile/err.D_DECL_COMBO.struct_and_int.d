/*
 * ASSERTION: a struct specifier followed by int is refused.
 */
struct pair { int a; int b; } int x;

/*
 * ASSERTION: a struct member named twice is refused.
 */
struct s { int x; char x; };
BEGIN { exit(0); }

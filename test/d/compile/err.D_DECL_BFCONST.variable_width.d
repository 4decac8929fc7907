/*
 * ASSERTION: a bit-field width that is not a constant is refused.
 */
int width;
struct s { int x : width; };

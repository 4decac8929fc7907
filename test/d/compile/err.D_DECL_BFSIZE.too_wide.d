/*
 * ASSERTION: a bit-field wider than its type is refused.
 */
struct s { int x : 33; };

/*
 * ASSERTION: a struct member without a name is refused.
 */
struct s { int; long l; };

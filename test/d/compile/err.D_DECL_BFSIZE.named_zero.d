/*
 * ASSERTION: a named bit-field of width zero is refused.
 */
struct s { char x : 0; };

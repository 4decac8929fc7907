/*
 * ASSERTION: a bit-field of string type is refused.
 */
struct s { string name : 3; };

/*
 * ASSERTION: sizeof applied to a bit-field member is refused.
 */
struct s { int x : 3; };
BEGIN { trace(sizeof(((struct s *)0)->x)); }

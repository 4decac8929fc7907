/*
 * ASSERTION: taking the address of a bit-field member is refused.
 */
struct s { int x : 3; };
BEGIN { trace(&((struct s *)0)->x); }

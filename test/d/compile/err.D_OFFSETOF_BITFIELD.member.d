/*
 * ASSERTION: offsetof applied to a bit-field member is refused.
 */
struct s { int x : 3; int y : 5; };
BEGIN { trace(offsetof(struct s, y)); }

/*
 * ASSERTION: a named bit-field of width zero is refused as DTrace refuses
 * it: its width must be a positive constant (only an unnamed bit-field
 * may be 0 wide).
 */
struct s { char x : 0; };

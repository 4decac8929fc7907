/*
 * ASSERTION: a struct defined twice is refused.
 */
struct s { int a; };
struct s { int b; };
BEGIN { }

/*
 * ASSERTION: a struct member takes only a value of its own type.
 */
struct a { int x; };
struct b { struct a in; int y; };
struct b v;

BEGIN
{
	v.in = 3;
}

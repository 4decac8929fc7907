/*
 * ASSERTION: a parameterized inline used with too few arguments is
 * refused.
 */
inline int add[int a, int b] = a + b;

BEGIN
{
	trace(add[1]);
}

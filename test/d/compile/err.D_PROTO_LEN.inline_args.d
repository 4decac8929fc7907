/*
 * ASSERTION: a parameterized inline used with too few arguments is
 * refused.
 */
inline int sum[int a, int b] = a + b;

BEGIN
{
	trace(sum[1]);
}

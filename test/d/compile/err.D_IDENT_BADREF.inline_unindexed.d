/*
 * ASSERTION: a parameterized inline must be used with its arguments.
 */
inline int twice[int n] = n * 2;

BEGIN
{
	trace(twice);
}

/*
 * ASSERTION: a parameterized inline cannot be assigned.
 */
inline int twice[int n] = n * 2;

BEGIN
{
	twice[1] = 3;
}

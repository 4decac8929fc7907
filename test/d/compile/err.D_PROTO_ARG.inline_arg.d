/*
 * ASSERTION: an argument of a parameterized inline must fit its
 * parameter's type (a string for an int).
 */
inline int twice[int n] = n * 2;

BEGIN
{
	trace(twice["four"]);
}

/*
 * ASSERTION: a function declaration's parameter may not be an
 * associative array.
 */
int f(int a[int]);

BEGIN
{
	exit(0);
}

/*
 * ASSERTION: a D array variable needs a dimension or a tuple signature.
 */
int open[];

BEGIN
{
	exit(0);
}

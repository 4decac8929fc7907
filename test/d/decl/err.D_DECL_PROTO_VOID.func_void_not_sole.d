/* ASSERTION: in a function declaration void must be the sole parameter. */
int f(int, void);

BEGIN
{
	exit(0);
}

/*
 * ASSERTION: & of a whole D array (not of an element) is refused, as
 * DTrace refuses it.
 */
int a[5];

BEGIN
{
	p = &a;
	exit(0);
}

/*
 * ASSERTION: NULL is predefined (an int 0, sizeof 4, as DTrace wires it
 * in): it compares with pointers and integers and traces as 0.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)NULL;
	printf("%d %d %d\n", p == NULL, NULL, sizeof (NULL));
	exit(0);
}

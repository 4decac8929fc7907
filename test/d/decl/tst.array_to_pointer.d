/*
 * ASSERTION: an array casts to a pointer to its first element, as in C
 * (here a D array).
 */
#pragma D option quiet

char a[8];

BEGIN
{
	p = (char *)a;
	printf("%d\n", (long)(p + 3) - (long)p);
	exit(0);
}

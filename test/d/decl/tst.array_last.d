/*
 * ASSERTION: the last element of a declared array is in bounds.
 */
#pragma D option quiet

int a[5];

BEGIN
{
	a[4] = 9;
	printf("%d\n", a[4]);
	exit(0);
}

/*
 * ASSERTION: assigning 0 deletes an associative array element; the
 * others stay, and the element can be created again.
 */
#pragma D option quiet

BEGIN
{
	a[1] = 10;
	a[2] = 20;
	a[1] = 0;
	printf("%d %d\n", a[1], a[2]);
	a[1] = 11;
	printf("%d %d\n", a[1], a[2]);
	exit(0);
}

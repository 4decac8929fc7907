/*
 * ASSERTION: a dynamic variable drop is reported on stderr, with its
 * [DTRACEDROP_DYNAMIC] tag under droptags.
 */
#pragma D option quiet
#pragma D option droptags
#pragma D option dynvarsize=128

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	printf("%d %d %d\n", a[1], a[2], a[3]);
	exit(0);
}

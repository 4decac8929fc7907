/*
 * ASSERTION: without droptags the drop message has no tag.
 */
#pragma D option quiet
#pragma D option dynvarsize=128

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	exit(0);
}

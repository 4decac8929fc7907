/*
 * ASSERTION: a speculation() that finds no free buffer is reported as a
 * failed speculation ([DTRACEDROP_SPECUNAVAIL] under droptags).
 */
#pragma D option quiet
#pragma D option droptags
#pragma D option nspec=1

BEGIN
{
	a = speculation();
	b = speculation();
	printf("%d %d\n", a, b);
	exit(0);
}

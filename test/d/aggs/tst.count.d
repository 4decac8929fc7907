/*
 * ASSERTION: a scalar count() prints at exit after a blank line as " %16lld".
 */
#pragma D option quiet

BEGIN
{
	@ = count();
	@ = count();
	@ = count();
	exit(0);
}

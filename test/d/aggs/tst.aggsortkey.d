/*
 * ASSERTION: aggsortkey sorts entries by key instead of value.
 */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@["b"] = sum(1);
	@["c"] = sum(3);
	@["a"] = sum(2);
	exit(0);
}

/*
 * ASSERTION: clear() zeroes the values but keeps the keys.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	clear(@a);
	printa(@a);
	exit(0);
}

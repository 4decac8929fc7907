/*
 * ASSERTION: several aggregations in one printa() join on their keys;
 * a key absent from one prints 0 for it; rows sort by the first value.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@b["x"] = sum(10);
	@b["z"] = sum(3);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}

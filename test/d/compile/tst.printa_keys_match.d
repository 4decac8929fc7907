/*
 * ASSERTION: printa() accepts a format whose conversions fit the keys
 * (a string and an int) and aggregations whose keys match, integers of
 * other sizes included.
 */
#pragma D option quiet

BEGIN
{
	@a[execname, 1] = count();
	@b["x", (char)2] = sum(1);
	printa("%-10s %5d %@d %@d\n", @a, @b);
	exit(0);
}

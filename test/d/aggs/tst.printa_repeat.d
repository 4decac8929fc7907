/*
 * ASSERTION: in printa(), %@ conversions past the last aggregation named
 * print that aggregation's value again (DTrace's rule), whether one
 * aggregation is named or several.
 */
#pragma D option quiet

BEGIN
{
	@a = sum(7);
	@b = sum(3);
	printa("%@d %@d %@d\n", @a);
	printa("%@d %@d %@d\n", @a, @b);
	exit(0);
}

/*
 * ASSERTION: string keys print as "  %-50s"; entries sort by value, then key.
 */
#pragma D option quiet

BEGIN
{
	@s["cat"] = sum(5);
	@s["dog"] = sum(-3);
	@s["cat"] = sum(10);
	@s["ant"] = sum(15);
	@s["bee"] = sum(-3);
	exit(0);
}

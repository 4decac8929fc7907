/*
 * ASSERTION: without -q the aggregation dump follows the probe records.
 */
BEGIN
{
	@["x"] = count();
	exit(0);
}

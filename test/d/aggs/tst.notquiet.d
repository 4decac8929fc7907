/*
 * ASSERTION: without -q the aggregation dump follows the probe records.
 * @@nosort
 */
BEGIN
{
	@["x"] = count();
	exit(0);
}

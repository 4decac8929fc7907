/*
 * ASSERTION: an aggregation cannot key another aggregation.
 */
BEGIN
{
	@a[0] = count();
	@b[@a] = count();
}

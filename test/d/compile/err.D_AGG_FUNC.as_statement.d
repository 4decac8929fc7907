/*
 * ASSERTION: an aggregating function called as a statement, not assigned
 * to an aggregation, is refused.
 */
BEGIN
{
	count();
}

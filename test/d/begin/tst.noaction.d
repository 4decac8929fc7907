/*
 * ASSERTION: a clause without actions still reports each firing (prefix
 * and newline); two clauses on one probe fire in order.
 */
BEGIN
{
}

BEGIN
{
	exit(0);
}

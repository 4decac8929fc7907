/*
 * ASSERTION: printa() of several aggregations joins them on their keys,
 * so they must have as many keys.
 */
BEGIN
{
	@a[1, "x"] = count();
	@b[2] = sum(1);
	printa(@a, @b);
}

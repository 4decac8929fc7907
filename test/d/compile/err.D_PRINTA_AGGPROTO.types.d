/*
 * ASSERTION: printa() of several aggregations joins them on their keys,
 * so each key must have a compatible type (here a string and an int).
 */
BEGIN
{
	@a[1, "x"] = count();
	@b[2, 3] = sum(1);
	printa("%d %s %@d %@d\n", @a, @b);
}

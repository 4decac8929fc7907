/*
 * ASSERTION: printa()'s conversions before %@ take the aggregation's
 * keys, checked against the conversions: %s cannot print an int key.
 */
BEGIN
{
	@a[1] = count();
	printa("%s %@d\n", @a);
}

/*
 * ASSERTION: an lquantize() aggregation that never fired, joined in a
 * printa() with one that did, prints its empty histogram from its own
 * parameters: "< base", base and base + step, as DTrace prints it.
 */
#pragma D option quiet

BEGIN
/0/
{
	@l[1] = lquantize(0, -10, 10, 1);
}

BEGIN
{
	@s[1] = sum(5);
	printa("%d %@d %@d\n", @s, @l);
	exit(0);
}

/*
 * ASSERTION: %@ of a histogram embeds the whole histogram.
 */
#pragma D option quiet

BEGIN
{
	@c = lquantize(1, 1, 4, 1);
	printa("@c = %@d\n", @c);
	exit(0);
}

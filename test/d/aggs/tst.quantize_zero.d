/*
 * ASSERTION: a quantize() whose only value has weight 0 shows buckets -1, 0, 1.
 */
#pragma D option quiet

BEGIN
{
	@z = quantize(5, 0);
	exit(0);
}

/*
 * ASSERTION: min() and max() keep the signed extremes; two aggregations
 * print one after the other after dtrace's closing newline.
 */
#pragma D option quiet

BEGIN
{
	@lo = min(4);
	@lo = min(-2);
	@lo = min(9);
	@hi = max(-7);
	@hi = max(3);
	@hi = max(-1);
	exit(0);
}

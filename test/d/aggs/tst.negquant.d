/*
 * ASSERTION: a histogram with both signs draws 20-column half bars
 * around a centre bar.
 */
#pragma D option quiet

BEGIN
{
	@["l-taraval"] = quantize(-1, -123);
	@["l-taraval"] = quantize(0, -123);
	@["l-taraval"] = quantize(1, 246);
	exit(0);
}

/*
 * ASSERTION: quantize() rows run from one zero bucket below the first
 * non-zero bucket to one above the last, with a 40-column bar.
 */
#pragma D option quiet

BEGIN
{
	@q[(int)0] = quantize(0);
	@q[(int)100] = quantize(100);
	@q[(int)100] = quantize(100);
	@q[(int)100] = quantize(3);
	@q[(int)100] = quantize(1000);
	exit(0);
}

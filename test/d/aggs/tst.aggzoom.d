/*
 * ASSERTION: with aggzoom a histogram's bars scale to its largest bucket,
 * drawn 95% of the 40 columns (38), not to the total.
 */
#pragma D option quiet
#pragma D option aggzoom

BEGIN
{
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(3);
	@ = quantize(4);
	@ = quantize(5);
	@ = quantize(6);
	@ = quantize(7);
	exit(0);
}

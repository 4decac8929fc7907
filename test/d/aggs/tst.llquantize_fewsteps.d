/*
 * ASSERTION: llquantize() with fewer steps than the factor (dividing
 * it) splits each order of magnitude into that many buckets: factor 4,
 * 2 steps gives 1, 2, 4, 8 and ">= 16".
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(1, 4, 0, 1, 2);
	@ = llquantize(3, 4, 0, 1, 2);
	@ = llquantize(5, 4, 0, 1, 2);
	exit(0);
}

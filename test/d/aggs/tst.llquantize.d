/*
 * ASSERTION: llquantize() buckets follow orders of magnitude with linear
 * steps; values below factor^low share one "< n" row.
 * @@nosort
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(0, 10, 0, 2, 10);
	@ = llquantize(5, 10, 0, 2, 10);
	@ = llquantize(5, 10, 0, 2, 10);
	@ = llquantize(42, 10, 0, 2, 10);
	@ = llquantize(420, 10, 0, 2, 10);
	@ = llquantize(5000, 10, 0, 2, 10);
	exit(0);
}

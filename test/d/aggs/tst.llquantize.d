/*
 * ASSERTION: llquantize() buckets follow orders of magnitude with linear
 * steps; with a low magnitude of 0 the values below 1 are the row "0",
 * under the row "-1" of the negative values (as Oracle's DTrace).
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

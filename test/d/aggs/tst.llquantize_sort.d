/*
 * ASSERTION: llquantize() entries sort by the sum of each bucket's
 * bound times its count, negative buckets counting negative (-50 ranks
 * below 0), then by the count of the zero bucket, then by key.
 */
#pragma D option quiet

BEGIN
{
	@["a-zero"] = llquantize(0, 10, 0, 2, 10);
	@["z-neg"] = llquantize(-50, 10, 0, 2, 10);
	@["b-small"] = llquantize(2, 10, 0, 2, 10, 4);
	@["c-big"] = llquantize(300, 10, 0, 2, 10);
	@["d-zeros"] = llquantize(0, 10, 0, 2, 10, 2);
	exit(0);
}

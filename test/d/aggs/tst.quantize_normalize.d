/*
 * ASSERTION: a normalized histogram shows the rows and bars of the counts
 * as recorded and prints each count divided by the factor, as DTrace does
 * (5 and 1 over 3: bars of 33 and 7, counts 1 and 0).
 */
#pragma D option quiet

BEGIN
{
	@q = quantize(1, 5);
	@q = quantize(2);
	normalize(@q, 3);
	exit(0);
}

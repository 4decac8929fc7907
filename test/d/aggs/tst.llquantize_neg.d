/*
 * ASSERTION: llquantize() keeps negative values in buckets that mirror
 * the positive ones, each labelled by its bound nearest zero (-10 holds
 * -10 .. -19) and "<= -F^(hmag+1)" below them; with a low magnitude
 * above 0 the values near zero share one row, "abs() < F^lmag" when a
 * negative row shows above it, else "< F^lmag" (Oracle's DTrace).
 */
#pragma D option quiet

BEGIN
{
	@a = llquantize(-15, 10, 0, 1, 10);
	@a = llquantize(-200, 10, 0, 1, 10);
	@a = llquantize(7, 10, 0, 1, 10);
	@b = llquantize(-5, 10, 1, 2, 10);
	@b = llquantize(3, 10, 1, 2, 10);
	@c = llquantize(10, 10, 1, 2, 10);
	exit(0);
}

/*
 * ASSERTION: lquantize() labels underflow "< base" and overflow ">= limit";
 * a negative-only histogram grows its bars leftwards.
 */
#pragma D option quiet

BEGIN
{
	@l["Nixon"] = lquantize(-20, -10, 10, 1, 25);
	@l["Hoover"] = lquantize(10, -10, 10, 1, -100);
	@l["Harding"] = lquantize(-10, -10, 10, 1, 15);
	@m = lquantize(3, 0, 10, 2);
	@m = lquantize(4, 0, 10, 2);
	@m = lquantize(9, 0, 10, 2);
	exit(0);
}

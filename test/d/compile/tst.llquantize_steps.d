/*
 * ASSERTION: llquantize() accepts steps that are multiples of the factor
 * and divide factor^(lmag + 1), and steps below the factor that divide
 * it.
 */
BEGIN
{
	@b = llquantize(1, 10, 2, 6, 200);
	@c = llquantize(1, 10, 0, 6, 100);
	@d = llquantize(1, 10, 0, 6, 5);
	exit(0);
}

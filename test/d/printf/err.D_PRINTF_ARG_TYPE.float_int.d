/*
 * ASSERTION: %e, %f and %g take floating-point arguments only (D has no
 * floating-point arithmetic; kernel data of a float type can be printed):
 * an integer argument is refused at compile time, as DTrace refuses it.
 */
BEGIN
{
	printf("%f\n", 3);
	exit(0);
}

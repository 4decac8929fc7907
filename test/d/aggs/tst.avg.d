/*
 * ASSERTION: avg() prints the integer quotient of sum and count.
 */
#pragma D option quiet

BEGIN
{
	@a = avg(400);
	@a = avg(500);
	@a = avg(451);
	exit(0);
}

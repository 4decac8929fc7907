/*
 * ASSERTION: a stack() aggregation key prints as frames before the value.
 */
#pragma D option quiet

BEGIN
{
	@[stack()] = count();
	exit(0);
}

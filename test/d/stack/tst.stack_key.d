/*
 * ASSERTION: a stack() aggregation key prints as frames before the value.
 * @@nosort
 */
#pragma D option quiet

BEGIN
{
	@[stack()] = count();
	exit(0);
}

/*
 * ASSERTION: a program that speculates needs specsize of at least 8
 * bytes (sizes are rounded down to 8, as DTrace rounds them): specsize=7
 * stops it at GO with DTrace's message.
 */
#pragma D option quiet
#pragma D option specsize=7

BEGIN
{
	speculate(speculation());
	printf("never\n");
}

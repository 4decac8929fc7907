/*
 * ASSERTION: a load from an unmapped address faults: the clause stops,
 * dtrace prints the ERROR message with the address, and tracing goes on.
 */
#pragma D option quiet

BEGIN
{
	trace(*(int *)8);
	printf("not reached\n");
}

BEGIN
{
	printf("still tracing\n");
	exit(0);
}

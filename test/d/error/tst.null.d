/*
 * ASSERTION: dereferencing NULL faults with the address 0x0 in the
 * ERROR message; the next clause still runs.
 */
#pragma D option quiet

BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	printf("alive\n");
	exit(0);
}

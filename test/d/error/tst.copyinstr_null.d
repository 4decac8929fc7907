/*
 * ASSERTION: copyinstr(0) faults as an invalid address (0x0) and the
 * consumer keeps tracing.
 */
#pragma D option quiet

BEGIN
{
	trace(copyinstr(0));
}

BEGIN
{
	printf("alive\n");
	exit(0);
}

/*
 * ASSERTION: with aggsize=0 the module allocates no aggregation buffers,
 * and an aggregation that fires drops its entry (counted as aggregation
 * drops) instead of writing through a NULL key area: a kernel NULL
 * pointer dereference in probe context found by test/fuzz/ioctl_fuzz.
 * Tracing goes on and ends normally.
 */
#pragma D option aggsize=0
#pragma D option quiet

profile:::tick-10ms
{
	n++;
	@c[probename] = count();
	@s = sum(n);
}

profile:::tick-10ms
/n > 2/
{
	printf("fired\n");
	exit(0);
}

/*
 * ASSERTION: snapshots taken while tracing are deltas the consumer adds up.
 * @@nosort
 * @@timeout: 20
 */
#pragma D option quiet
#pragma D option switchrate=10ms

int i;

tick-10ms
/i < 30/
{
	i++;
	@c = count();
	@s = sum(2);
	@m = max(i);
}

tick-10ms
/i >= 30/
{
	exit(0);
}

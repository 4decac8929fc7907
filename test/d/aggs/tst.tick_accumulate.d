/*
 * ASSERTION: snapshots taken while tracing (aggrate=10ms, about 30 in
 * the run) are deltas the consumer adds up.
 * @@timeout: 20
 */
#pragma D option quiet
#pragma D option aggrate=10ms

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

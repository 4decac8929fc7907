/*
 * ASSERTION: the canonical sched:::off-cpu one-liner aggregates by
 * execname; the consumer itself (dtrace) goes off the CPU.
 * @@timeout: 60
 */
#pragma D option quiet

sched:::off-cpu
{
	@[execname] = count();
}

tick-1s
/n++ == 1/
{
	printa("%s %@d\n", @);
	exit(0);
}

/*
 * ASSERTION: aggregations are snapshotted at aggrate, not at each read of
 * the principal buffers: with buffers read every 10ms and an aggrate of
 * an hour, every printa() while tracing shows the one snapshot taken as
 * tracing started, although the count grew between them; the snapshot
 * taken when tracing stops has everything (END's printa()).
 */
#pragma D option quiet
#pragma D option switchrate=10ms
#pragma D option aggrate=1h

BEGIN
{
	@ = count();
	n = 0;
}

tick-200ms
/n < 3/
{
	@ = count();
	printa("tick %@d\n", @);
}

tick-200ms
/++n == 3/
{
	exit(0);
}

END
{
	printa("end %@d\n", @);
}

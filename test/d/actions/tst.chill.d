/*
 * ASSERTION: chill(ns) spins the probe's CPU for at least ns nanoseconds:
 * the first tick after a BEGIN that chilled 200 ms comes at least 200 ms
 * after BEGIN (timestamp is fixed within one firing, so it is read in
 * the next probe).
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	start = timestamp;
	chill(200000000);
}

tick-1ms
{
	printf("chilled at least 200 ms: %d\n", timestamp - start >= 200000000);
	exit(0);
}

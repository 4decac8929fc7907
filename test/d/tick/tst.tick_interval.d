/*
 * ASSERTION: consecutive tick-1s firings are at least (about) a second
 * apart, and a tick probe named with another unit (200ms, created on
 * demand) fires in between. No upper bounds: a loaded test guest can
 * stall for seconds, and a stalled timer fires late, never early.
 */
#pragma D option quiet

BEGIN
{
	prev = 0;
	fast0 = 0;
}

tick-200ms
{
	fast++;
}

tick-1s
/prev != 0/
{
	printf("a second apart: %d\n", timestamp - prev >= 900000000);
	printf("200ms ticks in between: %d\n", fast > fast0);
	exit(0);
}

tick-1s
{
	prev = timestamp;
	fast0 = fast;
}

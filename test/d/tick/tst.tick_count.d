/*
 * ASSERTION: tick-10ms fires repeatedly on one CPU; when tick-1s fires
 * more than one and at most 200 firings have been counted, all on one
 * CPU (a loaded guest may stall, so the lower bound is loose).
 */
#pragma D option quiet

BEGIN
{
	last = -1;
}

tick-10ms
{
	n++;
	multi += (last != -1 && cpu != last);
	last = cpu;
}

tick-1s
{
	printf("count in range: %d\n", n > 1 && n <= 200);
	printf("one cpu: %d\n", multi == 0);
	exit(0);
}

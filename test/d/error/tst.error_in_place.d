/*
 * ASSERTION: ERROR fires in the middle of the faulting firing: its
 * records come before those of the clauses after the faulting one on
 * the same probe, and it sees the global variables as they were at the
 * fault; the faulting clause's own record is discarded. Each tick
 * prints "ERROR n" then "after n", three ticks running.
 */
#pragma D option quiet

int n;

tick-10ms
{
	printf("fault %d\n", n);
	x = *(int *)8;
}

ERROR
{
	printf("ERROR %d\n", n);
}

tick-10ms
{
	printf("after %d\n", n++);
}

tick-10ms
/n == 3/
{
	exit(0);
}

/*
 * ASSERTION: thread-locals and associative arrays under real concurrency:
 * every system call on every CPU sets and frees them for a second; the
 * guest survives, tracing ends normally and the live entries read back.
 */
#pragma D option quiet

syscall:::entry
{
	self->t = timestamp;
	a[cpu, tid] = 1;
	n++;
}

syscall:::return
/self->t/
{
	self->t = 0;
	a[cpu, tid] = 0;
}

tick-1s
{
	b["x"] = 42;
	printf("done %d %d\n", n > 0, b["x"]);
	exit(0);
}

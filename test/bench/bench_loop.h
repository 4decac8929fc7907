/*
 * What the benchmarks' loops share (syscall_loop.c, ustack_loop.c,
 * test/kcore/upk_probe.c's bench): bench_go() prints "ready" and waits
 * for a line on stdin (the script has started its tracer by then), and
 * is nonzero when stdin closed instead; bench_ns() prints nanoseconds
 * per call of N calls made between the clock readings A and B.
 */
#ifndef BENCH_LOOP_H
#define BENCH_LOOP_H

#include <stdio.h>
#include <time.h>

static inline int bench_go(void)
{
	char line[16];

	printf("ready\n");
	fflush(stdout);
	return fgets(line, sizeof(line), stdin) == NULL;
}

static inline void bench_ns(const struct timespec *a, const struct timespec *b,
			    long n)
{
	printf("%.0f\n",
	       ((b->tv_sec - a->tv_sec) * 1e9 + (b->tv_nsec - a->tv_nsec)) / n);
}

#endif

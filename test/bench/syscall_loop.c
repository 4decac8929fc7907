/*
 * The bare loop of the provider benchmarks: waits for a line on stdin,
 * then makes N getppid system calls (or, with "call" after N, N calls
 * of bench_fn(), the site of the pid provider's cases) and prints
 * nanoseconds per call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "bench_loop.h"

/* A user function for uprobes: not inlined, its call not dropped. */
__attribute__((noinline)) long bench_fn(long i)
{
	__asm__ volatile("" : : "r"(i) : "memory");
	return i;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	int calls = argc > 2 && strcmp(argv[2], "call") == 0;
	struct timespec a, b;

	if (bench_go())
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	if (calls)
		for (i = 0; i < n; i++)
			bench_fn(i);
	else
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	bench_ns(&a, &b, n);
	return 0;
}

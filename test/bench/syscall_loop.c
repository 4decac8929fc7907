/*
 * The bare loop of the provider benchmarks: waits for a line on stdin,
 * then makes N getppid system calls and prints nanoseconds per call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "bench_loop.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	struct timespec a, b;

	if (bench_go())
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	bench_ns(&a, &b, n);
	return 0;
}

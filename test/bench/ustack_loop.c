/*
 * The loop of test/bench/ustack_bench.sh: waits for a line on stdin,
 * then, below a stack buffer of argv[2] bytes (0 by default), makes
 * argv[1] getppid system calls and prints nanoseconds per call, then the
 * bytes of stack above the calls (what a ustack() stack copy can get).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "bench_loop.h"

/* The [stack] mapping's end, from /proc/self/maps. */
static unsigned long stack_end(void)
{
	unsigned long lo, hi = 0;
	char line[256];
	FILE *f = fopen("/proc/self/maps", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, "[stack]") != NULL &&
		    sscanf(line, "%lx-%lx", &lo, &hi) == 2)
			break;
	if (f != NULL)
		fclose(f);
	return hi;
}

static __attribute__((noinline)) void calls(long n)
{
	struct timespec a, b;
	volatile char here;
	long i;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	bench_ns(&a, &b, n);
	printf("%lu\n", stack_end() - (unsigned long)&here);
}

static __attribute__((noinline)) void below(long n, size_t depth)
{
	volatile char *buf = depth ? __builtin_alloca(depth) : NULL;

	if (buf != NULL)
		memset((char *)buf, 1, depth);
	calls(n);
	if (buf != NULL)
		buf[0] = 0; /* the buffer stays live across the calls */
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	size_t depth = argc > 2 ? strtoul(argv[2], NULL, 0) : 0;

	if (bench_go())
		return 1;
	below(n, depth);
	return 0;
}

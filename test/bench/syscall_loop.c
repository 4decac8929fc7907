/*
 * The bare loop of the provider benchmarks: waits for a line on stdin,
 * then makes N getppid system calls and prints nanoseconds per call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	struct timespec a, b;
	char line[16];

	printf("ready\n");
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.0f\n",
	       ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
	return 0;
}

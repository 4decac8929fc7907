/*
 * The traced workload of printf_throughput.sh: waits for a line on
 * stdin, then makes N one-byte write(2) calls to /dev/null, at most RATE
 * per second when RATE is given (checked every 100 calls), and prints
 * the nanoseconds they took in all.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double since(const struct timespec *a)
{
	struct timespec b;

	clock_gettime(CLOCK_MONOTONIC, &b);
	return (b.tv_sec - a->tv_sec) * 1e9 + (b.tv_nsec - a->tv_nsec);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	double rate = argc > 2 ? atof(argv[2]) : 0, ahead;
	int fd = open("/dev/null", O_WRONLY);
	struct timespec a, pause;
	char line[16];

	if (fd < 0)
		return 1;
	printf("ready\n");
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		if (write(fd, "x", 1) != 1)
			return 1;
		if (rate <= 0 || i % 100 != 99)
			continue;
		ahead = (i + 1) / rate * 1e9 - since(&a);
		if (ahead > 0) {
			pause.tv_sec = (time_t)(ahead / 1e9);
			pause.tv_nsec = (long)(ahead - pause.tv_sec * 1e9);
			nanosleep(&pause, NULL);
		}
	}
	printf("%.0f\n", since(&a));
	return 0;
}

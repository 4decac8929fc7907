/*
 * Spins in hidden_leaf (called by hidden_mid, called by main) for the
 * seconds of argv[1] (1 by default). Both helpers are static, so once the
 * binary is stripped only a debug file or MiniDebugInfo names them.
 */
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static __attribute__((noinline)) void hidden_leaf(double until)
{
	volatile unsigned long n = 0;

	while (now() < until)
		for (int i = 0; i < 1000000; i++)
			n++;
}

static __attribute__((noinline)) void hidden_mid(double until)
{
	hidden_leaf(until);
	__asm__ volatile("" ::: "memory"); /* not a tail call */
}

int main(int argc, char **argv)
{
	hidden_mid(now() + (argc > 1 ? atof(argv[1]) : 1));
	return 0;
}

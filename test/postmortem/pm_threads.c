// A process for the core tests (dtrace_core.sh): argv[1] threads, the
// even ones parked in worker_even(), the odd ones in worker_odd(), then
// abort() from main() once every one is parked, so the kernel dumps it.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_barrier_t parked;

__attribute__((noinline)) static void park(void)
{
	pthread_barrier_wait(&parked);
	for (;;)
		pause();
}

__attribute__((noinline)) void *worker_even(void *arg)
{
	park();
	return arg;
}

__attribute__((noinline)) void *worker_odd(void *arg)
{
	park();
	return arg;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t t;

	pthread_barrier_init(&parked, NULL, (unsigned)n + 1);
	for (int i = 0; i < n; i++)
		if (pthread_create(&t, NULL, i % 2 ? worker_odd : worker_even,
				   NULL) != 0)
			return 1;
	pthread_barrier_wait(&parked);
	printf("%d\n", (int)getpid());
	fflush(stdout);
	abort();
}

/*
 * Off-CPU for argv[1] seconds (1 by default): main calls nap, which
 * sleeps 10 ms at a time in usleep.
 */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static __attribute__((noinline)) void nap(void)
{
	usleep(10000);
	__asm__ volatile("" ::: "memory"); /* not a tail call */
}

int main(int argc, char **argv)
{
	time_t until = time(NULL) + (argc > 1 ? atoi(argv[1]) : 1);

	while (time(NULL) < until)
		nap();
	return 0;
}

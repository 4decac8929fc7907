/*
 * The shared library of the ustack tests, built without frame pointers
 * (nofp.sh): lib_work() spins (mode 0) or sleeps in glibc's usleep()
 * (mode 1), so that its frames and glibc's lie between the probe and
 * the program's own b(), a() and main().
 */
#include <unistd.h>

volatile unsigned long nofp_sink;

__attribute__((noinline)) int lib_work(int mode)
{
	unsigned long i;

	if (mode == 1) {
		usleep(2000);
		return (int)nofp_sink & 1;
	}
	for (i = 0; i < 20000000ul; i++)
		nofp_sink += i;
	return (int)nofp_sink & 1;
}

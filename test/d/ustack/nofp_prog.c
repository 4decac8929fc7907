/*
 * main -> a -> b -> lib_work (nofp_lib.c), all built without frame
 * pointers and without sibling calls: argv[1] is lib_work's mode,
 * argv[2] how many times (forever without it: the test ends it).
 */
#include <stdlib.h>

extern int lib_work(int mode);

volatile int nofp_ret;

__attribute__((noinline)) int b(int mode)
{
	int r = lib_work(mode);

	return r + 1;
}

__attribute__((noinline)) int a(int mode)
{
	int r = b(mode);

	return r + 2;
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? argv[1][0] - '0' : 0;
	long n = argc > 2 ? atol(argv[2]) : -1;

	for (long i = 0; n < 0 || i < n; i++)
		nofp_ret = a(mode);
	return 0;
}

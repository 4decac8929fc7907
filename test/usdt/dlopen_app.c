/*
 * dlopen_app LIB N DELAY_MS: waits (up to 60 s) for SIGUSR1, then
 * dlopen()s LIB (libdlopen_lib.so, whose drti registers provider
 * dllib<pid> as it loads) and calls its dllib_run(N, DELAY_MS). It
 * prints "loaded" once the library is in, so that a test can look for
 * the probes that appeared after it started tracing.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

#include "app_args.h"

int main(int argc, char **argv)
{
	long n = app_arg(argc, argv, 2, 1);
	long delay = app_arg(argc, argv, 3, 0);
	void (*run)(long, long);
	void *lib;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: dlopen_app LIB [N [DELAY_MS]]\n");
		return 2;
	}
	app_catch_usr1();
	for (i = 0; i < 600 && !app_usr1; i++)
		usleep(100000);
	lib = dlopen(argv[1], RTLD_NOW);
	if (lib == NULL) {
		fprintf(stderr, "dlopen_app: %s\n", dlerror());
		return 1;
	}
	*(void **)&run = dlsym(lib, "dllib_run");
	if (run == NULL) {
		fprintf(stderr, "dlopen_app: %s\n", dlerror());
		return 1;
	}
	printf("loaded\n");
	fflush(stdout);
	run(n, delay);
	dlclose(lib);
	return 0;
}

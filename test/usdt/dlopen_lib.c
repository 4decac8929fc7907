/*
 * libdlopen_lib.so: a shared library with USDT probes (its own drti from
 * dtrace -G), which dlopen_app loads only when told to. dllib_run fires
 * dllib:::fire (i, "lib i") N times, DELAY_MS apart.
 */
#include <stdio.h>
#include <unistd.h>

#include "dllib.h"

void dllib_run(long n, long delay);

void dllib_run(long n, long delay)
{
	char text[32];
	long i;

	for (i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "lib %ld", i);
		DLLIB_FIRE((int)i, text);
		if (delay > 0)
			usleep((useconds_t)delay * 1000);
	}
}

/*
 * A program with USDT probes for the usdt tests: usdt_app [N [DELAY_MS]]
 * runs N iterations (default 1), DELAY_MS apart, each firing
 * testapp:::query-start (i, "select i"), query-done (i, i * 1000),
 * six (1..6) and plain (i) (a DTRACE_PROBE1 from usdt/dtrace_sdt.h),
 * and tick (i) only while TESTAPP_TICK_ENABLED() says a consumer
 * enabled it. It prints how often tick was enabled, at the end and, as
 * "at I: tick enabled N times", at the next iteration after a SIGUSR1.
 */
#include <stdio.h>
#include <unistd.h>

#include "app_args.h"
#include "testapp.h"

static void query(int i)
{
	char text[32];

	snprintf(text, sizeof(text), "select %d", i);
	TESTAPP_QUERY_START(i, text);
	TESTAPP_QUERY_DONE(i, (long)i * 1000);
}

int main(int argc, char **argv)
{
	long n = app_arg(argc, argv, 1, 1);
	long delay = app_arg(argc, argv, 2, 0);
	long i, enabled = 0;

	app_catch_usr1();
	for (i = 0; i < n; i++) {
		if (app_usr1) {
			app_usr1 = 0;
			printf("at %ld: tick enabled %ld times\n", i, enabled);
			fflush(stdout);
		}
		query((int)i);
		if (TESTAPP_TICK_ENABLED()) {
			enabled++;
			TESTAPP_TICK((int)i);
		}
		TESTAPP_SIX(1, 2, 3, 4, 5, 6);
		DTRACE_PROBE1(testapp, plain, (int)i);
		if (delay > 0)
			usleep((useconds_t)delay * 1000);
	}
	printf("tick enabled %ld times\n", enabled);
	return 0;
}

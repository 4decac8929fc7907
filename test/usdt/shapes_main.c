/*
 * usdt_shapes_archive / usdt_shapes_shlib N DELAY_MS: runs the library's
 * probes N times (0: until killed), DELAY_MS apart, then says how often
 * the mixed probe's is-enabled check was true. No probe of its own: the
 * probes, and drti, come from the library it links.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void shapes_step(int i);
int shapes_mixed_enabled(void);
#ifdef SHAPES_QTRACE
void qtrace_ping(int i);
#endif

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, ms = argc > 2 ? atoi(argv[2]) : 0;
	struct timespec d = { ms / 1000, (ms % 1000) * 1000000L };

	signal(SIGTERM, on_term);
	/* drti registered the library's probes before main: tests wait
	 * for this line instead of polling with dtrace -l. */
	printf("ready\n");
	fflush(stdout);
	for (int i = 0; !stop && (n == 0 || i < n); i++) {
		shapes_step(i);
#ifdef SHAPES_QTRACE
		qtrace_ping(i);
#endif
		if (ms > 0)
			nanosleep(&d, NULL);
	}
	printf("mixed enabled %d times\n", shapes_mixed_enabled());
	return 0;
}

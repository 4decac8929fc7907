/*
 * What the usdt test programs share: their numeric arguments, and the
 * SIGUSR1 by which a test tells one to go on or to report.
 */
#ifndef TEST_USDT_APP_ARGS_H
#define TEST_USDT_APP_ARGS_H

#include <signal.h>
#include <stdlib.h>

/* argv[i] as a number; def when the program got fewer arguments. */
static inline long app_arg(int argc, char **argv, int i, long def)
{
	return argc > i ? atol(argv[i]) : def;
}

/* Set by each SIGUSR1 after app_catch_usr1(); the program clears it. */
static volatile sig_atomic_t app_usr1;

static inline void app_usr1_handler(int sig)
{
	(void)sig;
	app_usr1 = 1;
}

static inline void app_catch_usr1(void)
{
	signal(SIGUSR1, app_usr1_handler);
}

#endif

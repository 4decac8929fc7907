/*
 * fork_app NCHILD N DELAY_MS: forks NCHILD children after drti's
 * constructor registered the parent's probes; then the parent and every
 * child fire forkapp:::work (i, "parent" or "child K") N times, DELAY_MS
 * apart. The parent waits for its children. A child registers its own
 * provider forkapp<childpid> (drti's fork handler), as PostgreSQL's
 * backends, forked by the postmaster, must to be traced. A child dies
 * with its parent (PR_SET_PDEATHSIG): a test that kills the parent
 * before it knew the children's pids leaves none running.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app_args.h"
#include "forkapp.h"

static void work(const char *who, long n, long delay)
{
	long i;

	for (i = 0; i < n; i++) {
		FORKAPP_WORK((int)i, who);
		if (delay > 0)
			usleep((useconds_t)delay * 1000);
	}
}

int main(int argc, char **argv)
{
	long nchild = app_arg(argc, argv, 1, 1);
	long n = app_arg(argc, argv, 2, 1);
	long delay = app_arg(argc, argv, 3, 0);
	pid_t parent = getpid();
	char who[32];
	long k;

	for (k = 1; k <= nchild; k++) {
		pid_t c = fork();

		if (c < 0) {
			perror("fork");
			return 1;
		}
		if (c == 0) {
			/* the parent may have died before the prctl() */
			if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 ||
			    getppid() != parent)
				return 1;
			snprintf(who, sizeof(who), "child %ld", k);
			work(who, n, delay);
			return 0;
		}
	}
	work("parent", n, delay);
	while (wait(NULL) > 0)
		;
	return 0;
}

/* Makes known process events, then exits 0: fork()s three children,
 * each _exit(0) at once (waited for); execve() of a path that does not
 * exist twice (-ENOENT each); kill() of itself with SIGUSR1, ignored,
 * four times, and with SIGUSR2, handled, five times. The target of the
 * bpf backend's proc provider tests (test/bpf/providers_bpf.sh). */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t handled;

static void on_usr2(int sig)
{
	(void)sig;
	handled++;
}

int main(void)
{
	char *argv[] = { "none", NULL };
	int i;

	for (i = 0; i < 3; i++) {
		pid_t c = fork();

		if (c == 0)
			_exit(0);
		if (c > 0)
			waitpid(c, NULL, 0);
	}
	for (i = 0; i < 2; i++)
		execve("/nonexistent/proc-calls", argv, argv + 1);
	signal(SIGUSR1, SIG_IGN);
	signal(SIGUSR2, on_usr2);
	for (i = 0; i < 4; i++)
		kill(getpid(), SIGUSR1);
	for (i = 0; i < 5; i++)
		kill(getpid(), SIGUSR2);
	return handled == 5 ? 0 : 1;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * enable_big: ENABLEs N empty clauses `syscall::getppid:entry {}`
 * (what dtrace sends for such a program, each with its own description)
 * straight through /dev/dtrace, without the compiler, for
 * tst.enable_scale.sh.
 *
 *   enable_big N          ENABLE, then print "enabled E ECBs in M ms"
 *   enable_big N kill MS  ENABLE in a child, SIGKILL it after MS ms,
 *                         print "killed" once it is reaped, or
 *                         "not reaped" if that takes over 10 s
 *
 * Build: cc -I kernel/uapi -I test/kcore enable_big.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dtrace/dtrace.h"
#include "progbuild.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int enable(unsigned n)
{
	struct dtrace_enable en;
	struct pb b;
	size_t size;
	unsigned i;
	void *blob;
	double t0;
	int fd, r;

	memset(&b, 0, sizeof(b));
	for (i = 0; i < n; i++)
		pb_clause(&b, pb_probe(&b, "syscall", "", "getppid", "entry"),
			  DTRACE_NONE, 0, 0, 0);
	blob = pb_blob(&b, &size);
	fd = open("/dev/dtrace", O_RDWR);
	if (fd < 0) {
		perror("/dev/dtrace");
		return 2;
	}
	memset(&en, 0, sizeof(en));
	en.dten_prog = (uintptr_t)blob;
	en.dten_size = size;
	t0 = now_ms();
	r = ioctl(fd, DTRACEIOC_ENABLE, &en);
	if (r != 0) {
		printf("ENABLE: %s: %s\n", strerror(errno), en.dten_msg);
		return 1;
	}
	printf("enabled %u ECBs in %.0f ms\n", en.dten_nprobes, now_ms() - t0);
	fflush(stdout);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
	double t0;
	pid_t pid;
	int st;

	if (argc < 4)
		return enable(n);
	pid = fork();
	if (pid == 0) {
		close(1);
		_exit(enable(n));
	}
	usleep(atoi(argv[3]) * 1000);
	kill(pid, SIGKILL);
	t0 = now_ms();
	while (waitpid(pid, &st, WNOHANG) == 0) {
		if (now_ms() - t0 > 10000) {
			printf("not reaped\n");
			return 1;
		}
		usleep(10000);
	}
	printf("killed\n");
	return 0;
}

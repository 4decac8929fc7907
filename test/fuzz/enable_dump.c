// SPDX-License-Identifier: GPL-2.0
/*
 * enable_dump.so: LD_PRELOAD into dtrace(1) to keep the program
 * containers it hands DTRACEIOC_ENABLE, the fuzzer's corpus. Each blob
 * goes to $DTRACE_FUZZ_DUMP (a file name; a second ENABLE of the same run
 * gets ".1", ".2" appended). The ioctl itself proceeds unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "dtrace/dtrace.h"

static void dump(const struct dtrace_enable *en)
{
	static int n;
	const char *base = getenv("DTRACE_FUZZ_DUMP");
	char path[4096];
	int fd;

	if (base == NULL)
		return;
	if (n == 0)
		snprintf(path, sizeof(path), "%s", base);
	else
		snprintf(path, sizeof(path), "%s.%d", base, n);
	n++;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	if (write(fd, (const void *)(uintptr_t)en->dten_prog, en->dten_size) !=
	    (ssize_t)en->dten_size)
		unlink(path);
	close(fd);
}

int ioctl(int fd, unsigned long req, ...)
{
	static int (*real)(int, unsigned long, void *);
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (real == NULL)
		real = (int (*)(int, unsigned long, void *))dlsym(RTLD_NEXT,
								  "ioctl");
	if (req == DTRACEIOC_ENABLE && arg != NULL)
		dump(arg);
	return real(fd, req, arg);
}

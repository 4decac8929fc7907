/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dt_open(): /dev/dtrace for the programs that drive the module from
 * the guest (ioctl_smoke, upk_probe). No device is no test: it exits 2.
 */
#ifndef TEST_KCORE_DEV_OPEN_H
#define TEST_KCORE_DEV_OPEN_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>

#include "dtrace/ioctl.h"

static inline int dt_open(void)
{
	int fd = open(DTRACE_DEVICE, O_RDWR);

	if (fd < 0) {
		perror(DTRACE_DEVICE);
		exit(2);
	}
	return fd;
}

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the Linux glue files: the one core and the lock around it. */
#ifndef _DTRACE_LINUX_GLUE_H
#define _DTRACE_LINUX_GLUE_H

#include <linux/mutex.h>
#include "core/core.h"

/* The core of this module; every call into it but firing holds the lock. */
extern struct dtrace_core *dtrace_core;
extern struct mutex dtrace_lock;

/* port_linux.c's own resources. */
int dtrace_port_linux_init(void);
void dtrace_port_linux_exit(void);
/* port_path.c: checks the struct mount layout d_path() relies on. */
void dtrace_port_path_init(void);

/* dynclean.c: the thread-exit hook and the cleaning timer. */
void dtrace_dynclean_init(void);
void dtrace_dynclean_exit(void);

int dtrace_dev_init(void);
void dtrace_dev_exit(void);

#endif /* _DTRACE_LINUX_GLUE_H */

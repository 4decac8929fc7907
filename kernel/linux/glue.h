/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the Linux glue files: the one core and the lock around it. */
#ifndef _DTRACE_LINUX_GLUE_H
#define _DTRACE_LINUX_GLUE_H

#include <linux/mutex.h>
#include <linux/percpu.h>
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

/*
 * Set while a user probe fires at a function's first instruction (pid
 * entry): the return address is still at the stack pointer, not yet in
 * a frame, and ustack() must read it from there.
 */
DECLARE_PER_CPU(bool, dtrace_ustack_at_entry);

int dtrace_dev_init(void);
void dtrace_dev_exit(void);

#endif /* _DTRACE_LINUX_GLUE_H */

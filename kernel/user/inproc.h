/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's /dev/dtrace interface, in process: kernel/core built for
 * userspace behind the same ioctl numbers and structures (ioctl.h), so
 * a consumer can run against it without a kernel (fast tests;
 * libdtrace has no device over it yet). "User pointers" inside the
 * structures are plain pointers of this process. Only the dtrace provider exists
 * (BEGIN/END/ERROR) plus whatever the caller registers on the core.
 * Not thread-safe: one thread drives it, as one test does.
 */
#ifndef _DTRACE_USER_INPROC_H
#define _DTRACE_USER_INPROC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;
struct dtrace_state;
struct dtrace_inproc;	   /* the "module": a core and its providers */
struct dtrace_inproc_file; /* an "open file": one tracing state */

/* ncpus: CPUs the core sees (0 = 1); CPU 0 is the current one. */
struct dtrace_inproc *dtrace_inproc_create(uint32_t ncpus);
/* Every file must be closed first. */
void dtrace_inproc_destroy(struct dtrace_inproc *m);
struct dtrace_core *dtrace_inproc_core(struct dtrace_inproc *m);

struct dtrace_inproc_file *dtrace_inproc_open(struct dtrace_inproc *m);
void dtrace_inproc_close(struct dtrace_inproc_file *f);
/* The file's tracing state (the bpf device reads its ECBs). */
struct dtrace_state *dtrace_inproc_state(struct dtrace_inproc_file *f);

/*
 * DTRACEIOC_* request with its argument structure, as ioctl(2) on the
 * device would take them: returns 0 or -errno, and fills the structure
 * as the module does (also on the errors where the module does).
 */
int dtrace_inproc_ioctl(struct dtrace_inproc_file *f, unsigned long req,
			void *arg);

/*
 * dtrace -e: what DTRACEIOC_ENABLE checks without probes (core/state.h
 * dtrace_state_enable_dry) on a new core of ncpus CPUs; en is taken and
 * filled as the ioctl does. Returns 0 or -errno.
 */
struct dtrace_enable;
int dtrace_inproc_enable_dry(uint32_t ncpus, struct dtrace_enable *en);

#ifdef __cplusplus
}
#endif

#endif /* _DTRACE_USER_INPROC_H */

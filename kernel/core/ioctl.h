/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DTRACEIOC_* handlers, once for every device over a core: the
 * module's /dev/dtrace (kernel/linux/dev.c) and the in-process device
 * (kernel/user/inproc.c) are thin callers. arg is the caller's address
 * of the argument structure; every byte in or out goes through
 * dtrace_port_copyin/copyout and everything read is hostile. The
 * handlers take the core's lock (dtrace_port_lock) themselves: ENABLE
 * copies its program in before taking it.
 */
#ifndef _DTRACE_CORE_IOCTL_H
#define _DTRACE_CORE_IOCTL_H

#include "core/core.h"

struct dtrace_state;

/*
 * Any DTRACEIOC_* request but USERPROBE (the glue's, as are the helper
 * calls and the privilege check): 0 or -errno with the structure filled
 * as doc/ioctl.md says; -ENOTTY for another request. *stp is the
 * file's tracing state, created (under the lock) by the first call that
 * needs one.
 */
long dtrace_ioctl(struct dtrace_core *core, struct dtrace_state **stp,
		  unsigned int cmd, uint64_t arg);

/*
 * dtrace -e: DTRACEIOC_ENABLE's copies and its checks that need no
 * probe (dtrace_state_enable_dry) on st, which stays as it was.
 */
long dtrace_ioctl_enable_dry(struct dtrace_state *st, uint64_t arg);

#endif /* _DTRACE_CORE_IOCTL_H */

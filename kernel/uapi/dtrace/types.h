/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Fixed-width types for the dtrace ABI headers. The same headers are
 * included by the module (kernel types), by kernel/core's userspace build
 * and by libdtrace (C99 <stdint.h>); nothing else may be pulled in here.
 */
#ifndef _DTRACE_UAPI_TYPES_H
#define _DTRACE_UAPI_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#include <stddef.h>
#endif

#define DTRACE_NONE 0xffffffffu /* "no index" in any uint32_t index field */

#endif /* _DTRACE_UAPI_TYPES_H */

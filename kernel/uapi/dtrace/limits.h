/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Limits the module enforces and userspace checks against before it
 * asks: every size summed or multiplied from a program or an option, the
 * work one firing may do with interrupts off, and what an unprivileged
 * helper process may register. One home for each number; doc/limits.md
 * says why each has its value and what a user sees past it.
 */
#ifndef _DTRACE_UAPI_LIMITS_H
#define _DTRACE_UAPI_LIMITS_H

/* -- Sizes: record layouts, keys, buffers, tables (doc/limits.md §1) -- */

/* -- Time with interrupts off: the cost of one firing (§2) -- */

/* Bytes one copyout()/copyoutstr() may write to user memory. */
#define DTRACE_COPYOUT_MAX	65536u

/* -- Time in ioctls (§3) -- */

/* -- The unprivileged helper door (§4) -- */

#endif /* _DTRACE_UAPI_LIMITS_H */

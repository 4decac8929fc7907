/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Differences between the kernels the module builds on, in one place.
 * Each choice follows a feature test of kernel/linux/conftest/ (compiled
 * against KDIR by conftest.sh into compat_auto.h), not a version number;
 * a new kernel is a new test and a wrapper here. doc/kernels.md lists
 * them.
 */
#ifndef _DTRACE_LINUX_KERNEL_COMPAT_H
#define _DTRACE_LINUX_KERNEL_COMPAT_H

#include <linux/ftrace.h>
#include <linux/uprobes.h>

#include "linux/compat_auto.h"

/* The registers an ftrace_ops callback sees (without SAVE_REGS). */
static inline struct pt_regs *dtrace_ftrace_pt_regs(struct ftrace_regs *fr)
{
#ifdef DTRACE_HAVE_FTRACE_REGS_ARCH
	return &arch_ftrace_regs(fr)->regs;
#else
	return &fr->regs;
#endif
}

/*
 * A uprobe consumer on an inode's offset. 6.12 registers by handle and
 * splits unregistering from the wait for running handlers; before, the
 * inode and offset name it and unregistering waits.
 */
static inline int dtrace_uprobe_register(struct inode *inode, loff_t off,
					 loff_t refctr,
					 struct uprobe_consumer *uc,
					 struct uprobe **up)
{
#ifdef DTRACE_HAVE_UPROBE_HANDLE
	struct uprobe *u = uprobe_register(inode, off, refctr, uc);

	if (IS_ERR(u))
		return PTR_ERR(u);
	*up = u;
	return 0;
#else
	*up = NULL;
	return uprobe_register_refctr(inode, off, refctr, uc);
#endif
}

/*
 * Unregistering is split in two: the first stops new calls of uc's
 * handlers, the second waits until none runs. 6.12 waits for an RCU
 * Tasks Trace grace period there (tenths of a second), so callers batch:
 * many nosync calls, one sync before any consumer is freed or reused.
 * Before, unregistering itself waited (register_rwsem) and sync is empty.
 */
static inline void dtrace_uprobe_unregister_nosync(struct inode *inode,
						   loff_t off,
						   struct uprobe_consumer *uc,
						   struct uprobe *up)
{
#ifdef DTRACE_HAVE_UPROBE_HANDLE
	uprobe_unregister_nosync(up, uc);
#else
	uprobe_unregister(inode, off, uc);
#endif
}

static inline void dtrace_uprobe_unregister_sync(void)
{
#ifdef DTRACE_HAVE_UPROBE_HANDLE
	uprobe_unregister_sync();
#endif
}

/* A uprobe consumer's filter: DTRACE_UPROBE_FILTER(name, uc, mm). */
#ifdef DTRACE_HAVE_UPROBE_FILTER_CTX
#define DTRACE_UPROBE_FILTER(fn, uc, mm)                                  \
	bool fn(struct uprobe_consumer *uc, enum uprobe_filter_ctx ctx__, \
		struct mm_struct *mm)
#else
#define DTRACE_UPROBE_FILTER(fn, uc, mm) \
	bool fn(struct uprobe_consumer *uc, struct mm_struct *mm)
#endif

#endif /* _DTRACE_LINUX_KERNEL_COMPAT_H */

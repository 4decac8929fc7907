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

/*
 * A uprobe consumer's handlers (6.13 added a per-hit data word):
 * DTRACE_UPROBE_HANDLER(name, uc, regs),
 * DTRACE_UPROBE_RET_HANDLER(name, uc, func, regs).
 */
#ifdef DTRACE_HAVE_UPROBE_HANDLER_DATA
#define DTRACE_UPROBE_HANDLER(fn, uc, regs) \
	int fn(struct uprobe_consumer *uc, struct pt_regs *regs, __u64 *data__)
#define DTRACE_UPROBE_RET_HANDLER(fn, uc, func, regs)          \
	int fn(struct uprobe_consumer *uc, unsigned long func, \
	       struct pt_regs *regs, __u64 *data__)
#else
#define DTRACE_UPROBE_HANDLER(fn, uc, regs) \
	int fn(struct uprobe_consumer *uc, struct pt_regs *regs)
#define DTRACE_UPROBE_RET_HANDLER(fn, uc, func, regs)          \
	int fn(struct uprobe_consumer *uc, unsigned long func, \
	       struct pt_regs *regs)
#endif

/*
 * What a sched_process_exit handler takes after the task: newer kernels
 * also pass group_dead (the handlers work it out themselves, as before).
 */
#ifdef DTRACE_HAVE_SCHED_EXIT_GROUP_DEAD
#define DTRACE_SCHED_EXIT_EXTRA , bool group_dead__
#else
#define DTRACE_SCHED_EXIT_EXTRA
#endif

/* A timer's set-up: hrtimer_setup() (6.13) replaced hrtimer_init(). */
#ifdef DTRACE_HAVE_HRTIMER_SETUP
#define dtrace_hrtimer_setup(t, fn, clock, mode) \
	hrtimer_setup(t, fn, clock, mode)
#else
#define dtrace_hrtimer_setup(t, fn, clock, mode) \
	do {                                     \
		hrtimer_init(t, clock, mode);    \
		(t)->function = fn;              \
	} while (0)
#endif

/* Whether the 4 bytes at p are an ENDBR instruction. */
#ifdef DTRACE_HAVE_ENDBR_INLINE
#define dtrace_is_endbr(p) __is_endbr(*(p))
#else
#define dtrace_is_endbr(p) is_endbr(*(p))
#endif

/* A page cache page's mapping: the low bits that mark anything else. */
#ifdef PAGE_MAPPING_FLAGS
#define DTRACE_PAGE_MAPPING_FLAGS PAGE_MAPPING_FLAGS
#else
#define DTRACE_PAGE_MAPPING_FLAGS FOLIO_MAPPING_FLAGS
#endif

/*
 * The established TCP socket for a segment's addresses: newer kernels
 * find the hash table from the netns instead of taking it.
 */
#ifdef DTRACE_HAVE_INET_LOOKUP_NET
#define dtrace_inet_lookup_established(net, ...) \
	__inet_lookup_established(net, __VA_ARGS__)
#define dtrace_inet6_lookup_established(net, ...) \
	__inet6_lookup_established(net, __VA_ARGS__)
#else
#define dtrace_inet_lookup_established(net, ...) \
	__inet_lookup_established(net, DTRACE_TCP_HASHINFO(net), __VA_ARGS__)
#define dtrace_inet6_lookup_established(net, ...) \
	__inet6_lookup_established(net, DTRACE_TCP_HASHINFO(net), __VA_ARGS__)
#define DTRACE_TCP_HASHINFO(net) ((net)->ipv4.tcp_death_row.hashinfo)
#endif

#endif /* _DTRACE_LINUX_KERNEL_COMPAT_H */

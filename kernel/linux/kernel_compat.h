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

#include <linux/blk_types.h>
#include <linux/context_tracking.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uprobes.h>

#include "linux/compat_auto.h"

/*
 * What a provider needs that this kernel lacks, NULL when nothing:
 * mod.c leaves the provider out with this reason, before its init.
 * fbt's files compile to nothing without ftrace_regs callbacks and
 * ftrace's recursion lock (both 5.11: 5.10's callbacks get no
 * argument registers unless every call saves them all); lockstat's
 * tracepoints came in 5.19.
 */
#ifdef DTRACE_HAVE_FTRACE_REGS
#define DTRACE_FBT_LACKS NULL
#else
#define DTRACE_FBT_LACKS \
	"ftrace_regs callbacks and ftrace's recursion lock (Linux 5.11)"
#endif
#ifdef DTRACE_HAVE_LOCK_CONTENTION
#define DTRACE_LOCKSTAT_LACKS	     NULL
#define DTRACE_TP_TYPED_LOCK(tp, fn) DTRACE_TP_TYPED(tp, fn)
#else
#define DTRACE_LOCKSTAT_LACKS \
	"the lock:contention_begin/end tracepoints (Linux 5.19)"
#define DTRACE_TP_TYPED_LOCK(tp, fn)
#endif

#ifdef DTRACE_HAVE_FTRACE_REGS
/* The registers an ftrace_ops callback sees (without SAVE_REGS). */
static inline struct pt_regs *dtrace_ftrace_pt_regs(struct ftrace_regs *fr)
{
#ifdef DTRACE_HAVE_FTRACE_REGS_ARCH
	return &arch_ftrace_regs(fr)->regs;
#else
	return &fr->regs;
#endif
}
#endif

/* va_list: <linux/stdarg.h> since 5.15, the compiler's before. */
#if __has_include(<linux/stdarg.h>)
#include <linux/stdarg.h>
#else
#include <stdarg.h>
#endif

/* in_hardirq() (5.11) was in_irq(). */
#ifndef in_hardirq
#define in_hardirq() in_irq()
#endif

/* eBPF's lockdown reason for reading kernel memory (renamed in 5.14). */
#ifdef DTRACE_HAVE_LOCKDOWN_BPF_READ_KERNEL
#define DTRACE_LOCKDOWN_READ_KERNEL LOCKDOWN_BPF_READ_KERNEL
#else
#define DTRACE_LOCKDOWN_READ_KERNEL LOCKDOWN_BPF_READ
#endif

/*
 * The sched_switch tracepoint's handler: 5.18 added the previous task's
 * state; before, it is still in the task (set before schedule()).
 * DTRACE_SCHED_SWITCH(name, preempt, prev, next, state) declares it;
 * dtrace_sched_switch_state(prev, state) reads the state.
 */
#ifdef DTRACE_HAVE_SCHED_SWITCH_STATE
#define DTRACE_SCHED_SWITCH(fn, preempt, prev, next, state)         \
	void fn(void *data, bool preempt, struct task_struct *prev, \
		struct task_struct *next, unsigned int state)
#define dtrace_sched_switch_state(t, st) (st)
#else
#define DTRACE_SCHED_SWITCH(fn, preempt, prev, next, state)         \
	void fn(void *data, bool preempt, struct task_struct *prev, \
		struct task_struct *next)
#define dtrace_sched_switch_state(t, st) READ_ONCE((t)->state)
#endif

/* block_rq_complete's error argument: an errno before blk_status_t. */
#ifdef DTRACE_HAVE_BLOCK_RQ_STATUS
typedef blk_status_t dtrace_blk_rq_error_t;
#else
typedef int dtrace_blk_rq_error_t;
#endif

/*
 * A dir_context actor: bool since 6.1 (true: go on), int before (0: go
 * on). DTRACE_FILLDIR(name, ctx, name, len, off, ino, type) declares
 * it; it returns DTRACE_FILLDIR_GO_ON or DTRACE_FILLDIR_STOP.
 */
#ifdef DTRACE_HAVE_FILLDIR_BOOL
#define DTRACE_FILLDIR(fn, ctx, name, len, off, ino, type)          \
	bool fn(struct dir_context *ctx, const char *name, int len, \
		loff_t off, u64 ino, unsigned int type)
#define DTRACE_FILLDIR_GO_ON true
#define DTRACE_FILLDIR_STOP  false
#else
#define DTRACE_FILLDIR(fn, ctx, name, len, off, ino, type)                     \
	int fn(struct dir_context *ctx, const char *name, int len, loff_t off, \
	       u64 ino, unsigned int type)
#define DTRACE_FILLDIR_GO_ON 0
#define DTRACE_FILLDIR_STOP  (-ENOMEM)
#endif

/* krealloc_array() (5.12): krealloc() of n * size, refused on overflow. */
static inline void *dtrace_krealloc_array(void *p, size_t n, size_t size,
					  gfp_t flags)
{
#ifdef DTRACE_HAVE_KREALLOC_ARRAY
	return krealloc_array(p, n, size, flags);
#else
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return krealloc(p, bytes, flags);
#endif
}

/* The VMA that contains addr (vma_lookup(), 5.14), or NULL. */
static inline struct vm_area_struct *dtrace_vma_lookup(struct mm_struct *mm,
						       unsigned long addr)
{
#ifdef DTRACE_HAVE_VMA_LOOKUP
	return vma_lookup(mm, addr);
#else
	struct vm_area_struct *vma = find_vma(mm, addr);

	return vma != NULL && vma->vm_start <= addr ? vma : NULL;
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

/*
 * rcu_is_watching() inline, for the probe path with interrupts off (no
 * preemption to disable around the per-CPU read): the kernel's headers
 * have it since 6.1 (the inverse until 6.12); before, the call.
 */
#if defined(DTRACE_HAVE_RCU_WATCHING_INLINE)
#define dtrace_rcu_watching_irqs_off() rcu_is_watching_curr_cpu()
#elif defined(DTRACE_HAVE_RCU_EQS_INLINE)
#define dtrace_rcu_watching_irqs_off() (!rcu_dynticks_curr_cpu_in_eqs())
#else
#define dtrace_rcu_watching_irqs_off() rcu_is_watching()
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

/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the Linux glue files: the one core and the lock around it. */
#ifndef _DTRACE_LINUX_GLUE_H
#define _DTRACE_LINUX_GLUE_H

#include <linux/mutex.h>
#include <linux/percpu.h>
#include "core/core.h"
#include "linux/compat_auto.h"

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
/*
 * Bytes a USDT site moved the stack pointer by before its probe
 * (DTRACE_USDT_SP_SKIP): the stack copied for ustack() starts that far
 * up, at the function's own stack pointer, which its unwind tables
 * describe.
 */
DECLARE_PER_CPU(uint32_t, dtrace_ustack_sp_skip);

/*
 * Set by a provider around a firing when it knows where its probe was
 * entered from, so that stack() starts there as in DTrace, without the
 * frames of the probe mechanism (kprobe, ftrace, rethook, timer
 * interrupt), and `caller` is stack()'s first frame:
 *  - top_set(pc): the frame equal to pc is the first (profile, cpc: the
 *    interrupted PC);
 *  - entry_set(func): the first frame is the one after the frame inside
 *    the entry of func (fbt entry: func's own frame is not set up yet,
 *    the one reported there is the probe's call site at func+0..15);
 *  - regs_set(regs): the stack is regs's (fbt return: the caller's,
 *    after the return), whatever pc says.
 * 0 for either: unknown; only this module's own frames are left out.
 * Every set is undone before the firing's end by dtrace_kstack_clear()
 * (regs_set by dtrace_kstack_regs_clear()), so that outside a set pc is
 * 0 and regs NULL: a set writes only what it means, a clear one word
 * (after_entry counts only while pc is not 0), which fbt's entry, where
 * each instruction shows, pays on every call.
 */
struct dtrace_kstack_hint {
	unsigned long pc;
	bool after_entry;
	const struct pt_regs *regs;
};
DECLARE_PER_CPU(struct dtrace_kstack_hint, dtrace_kstack_hint);

static inline void dtrace_kstack_top_set(unsigned long pc)
{
	__this_cpu_write(dtrace_kstack_hint.pc, pc);
	__this_cpu_write(dtrace_kstack_hint.after_entry, false);
}

static inline void dtrace_kstack_entry_set(unsigned long func)
{
	__this_cpu_write(dtrace_kstack_hint.pc, func);
	__this_cpu_write(dtrace_kstack_hint.after_entry, true);
}

/* Undoes top_set() or entry_set(). */
static inline void dtrace_kstack_clear(void)
{
	__this_cpu_write(dtrace_kstack_hint.pc, 0);
}

/* The stack starts at regs (fbt return: the caller, after the return). */
static inline void dtrace_kstack_regs_set(const struct pt_regs *regs)
{
	__this_cpu_write(dtrace_kstack_hint.regs, regs);
}

static inline void dtrace_kstack_regs_clear(void)
{
	__this_cpu_write(dtrace_kstack_hint.regs, NULL);
}

/*
 * fbt's return trampoline (prov/fbt_tramp.S) and the return address a
 * hooked slot held (prov/fbt_ret.c; 0 if the slot is not hooked), for
 * stack() to unwind through hooked returns. A kernel without what fbt
 * needs (kernel_compat.h) has neither: no return is ever hooked.
 */
#ifdef DTRACE_HAVE_FTRACE_REGS
void dtrace_fbt_ret_tramp(void);
unsigned long dtrace_fbt_ret_orig(unsigned long *slot);
#define DTRACE_FBT_RET_TRAMP ((unsigned long)dtrace_fbt_ret_tramp)
#else
#define DTRACE_FBT_RET_TRAMP	  0UL
#define dtrace_fbt_ret_orig(slot) 0UL
#endif

int dtrace_dev_init(void);
void dtrace_dev_exit(void);

#endif /* _DTRACE_LINUX_GLUE_H */

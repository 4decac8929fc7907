// SPDX-License-Identifier: GPL-2.0
/*
 * fbt return probes by return-address substitution (x86-64). At the
 * entry of a function with an enabled return probe, the ftrace handler
 * (fbt.c) calls dtrace_fbt_ret_hook with the address of the slot that
 * holds the function's return address: the hook remembers the original
 * address in a table keyed by that slot and writes the trampoline's
 * address (fbt_tramp.S) in its place. When the function returns, the
 * trampoline calls dtrace_fbt_ret_handler, which takes the original
 * back, fires the return probes and returns it to the trampoline.
 *
 * A slot holds one pending return at a time (every task has its own
 * stack), so the slot is the key: no per-task state is needed. A cell
 * whose function never returned (the task died in it) stays until its
 * slot is hooked again or the module goes. When the table's bucket is
 * full, or in NMI context, the return is not hooked and counted as
 * missed; fbt.c reports the count in the kernel log when its last probe
 * is disabled. A tail call finds the trampoline already in the slot and is
 * not hooked again: the caller's return probe fires when it returns.
 *
 * Returns stay hooked after their probes are disabled: they come back
 * through the trampoline, which fires nothing. At unload, all CPUs are
 * stopped and every slot still holding the trampoline gets its original
 * address back; then an RCU-tasks grace period waits for tasks that
 * were inside the trampoline.
 */
#include "linux/compat_auto.h"

/* Compiled only where fbt can work (kernel_compat.h, DTRACE_FBT_LACKS). */
#ifdef DTRACE_HAVE_FTRACE_REGS
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/stop_machine.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "linux/glue.h"
#include "prov/fbt.h"

#define FBT_RET_BITS 12 /* 4,096 buckets */
#define FBT_RET_WAYS 8	/* 32,768 pending returns */

struct fbt_ret_cell {
	unsigned long slot; /* 0: free */
	unsigned long orig; /* the return address the slot held */
	unsigned long ip;   /* the hooked function */
};

struct fbt_ret_bucket {
	arch_spinlock_t lock; /* no lockdep, no traced calls */
	struct fbt_ret_cell c[FBT_RET_WAYS];
};

unsigned long dtrace_fbt_ret_handler(unsigned long *slot, unsigned long rv,
				     unsigned long bp);

static struct fbt_ret_bucket *fbt_ret_tab;
static atomic64_t fbt_ret_missed;

static notrace struct fbt_ret_bucket *fbt_ret_bucket(unsigned long *slot)
{
	return &fbt_ret_tab[hash_long((unsigned long)slot >> 3, FBT_RET_BITS)];
}

/*
 * The cell of slot in b, under b's lock; with free, the first free cell
 * when slot has none. A slot's cell is unique: hooks reuse it.
 */
static notrace struct fbt_ret_cell *fbt_ret_cell(struct fbt_ret_bucket *b,
						 unsigned long *slot, bool free)
{
	struct fbt_ret_cell *c = NULL;
	int i;

	for (i = 0; i < FBT_RET_WAYS; i++) {
		if (b->c[i].slot == (unsigned long)slot)
			return &b->c[i]; /* hook: its task died in it */
		if (free && c == NULL && b->c[i].slot == 0)
			c = &b->c[i];
	}
	return c;
}

int dtrace_fbt_ret_init(void)
{
	size_t n = 1UL << FBT_RET_BITS, i;

	if (fbt_ret_tab != NULL)
		return 0;
	fbt_ret_tab = vzalloc(n * sizeof(*fbt_ret_tab));
	if (fbt_ret_tab == NULL)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		fbt_ret_tab[i].lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	return 0;
}

bool notrace dtrace_fbt_ret_hook(unsigned long *slot, unsigned long ip)
{
	unsigned long orig = READ_ONCE(*slot), flags;
	struct fbt_ret_bucket *b;
	struct fbt_ret_cell *c;

	if (orig == (unsigned long)dtrace_fbt_ret_tramp)
		return false; /* a tail call from a hooked function */
	if (in_nmi() || fbt_ret_tab == NULL) {
		atomic64_inc(&fbt_ret_missed);
		return false;
	}
	b = fbt_ret_bucket(slot);
	local_irq_save(flags);
	arch_spin_lock(&b->lock);
	c = fbt_ret_cell(b, slot, true);
	if (c != NULL) {
		c->slot = (unsigned long)slot;
		c->orig = orig;
		c->ip = ip;
		WRITE_ONCE(*slot, (unsigned long)dtrace_fbt_ret_tramp);
	}
	arch_spin_unlock(&b->lock);
	local_irq_restore(flags);
	if (c == NULL)
		atomic64_inc(&fbt_ret_missed);
	return c != NULL;
}

unsigned long notrace dtrace_fbt_ret_handler(unsigned long *slot,
					     unsigned long rv, unsigned long bp)
{
	struct fbt_ret_bucket *b = fbt_ret_bucket(slot);
	unsigned long orig = 0, ip = 0, flags;
	struct fbt_ret_cell *c;
	struct pt_regs regs = {};
	int bit;

	/* Traced functions called from here must not hook or fire. */
	bit = ftrace_test_recursion_trylock(_THIS_IP_, _RET_IP_);
	local_irq_save(flags);
	arch_spin_lock(&b->lock);
	c = fbt_ret_cell(b, slot, false);
	if (c != NULL) {
		orig = c->orig;
		ip = c->ip;
		c->slot = 0;
	}
	arch_spin_unlock(&b->lock);
	/* Only a corrupted table loses a hooked return: nowhere to go. */
	if (orig == 0)
		panic("dtrace: fbt: no return address for slot %px\n", slot);
	if (bit >= 0 && rcu_is_watching()) {
		/* stack() starts in the caller, as if the return had happened. */
		regs.ip = orig;
		regs.sp = (unsigned long)(slot + 1);
		regs.bp = bp;
		dtrace_fbt_ret_fire(ip, rv, &regs);
	}
	local_irq_restore(flags);
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
	return orig;
}

/* For stack(): the slot's task is this one; 0 if it cannot tell. */
unsigned long notrace dtrace_fbt_ret_orig(unsigned long *slot)
{
	struct fbt_ret_bucket *b;
	struct fbt_ret_cell *c;
	unsigned long orig = 0;

	if (fbt_ret_tab == NULL)
		return 0;
	b = fbt_ret_bucket(slot);
	/* An NMI (cpc) may have interrupted this CPU's hook or handler. */
	if (!arch_spin_trylock(&b->lock))
		return 0;
	c = fbt_ret_cell(b, slot, false);
	if (c != NULL)
		orig = c->orig;
	arch_spin_unlock(&b->lock);
	return orig;
}

void dtrace_fbt_ret_report(void)
{
	s64 n = atomic64_xchg(&fbt_ret_missed, 0);

	if (n > 0)
		pr_info("dtrace: fbt: %lld returns not hooked (bucket full or "
			"NMI), their return probes did not fire\n",
			n);
}

/* All other CPUs are stopped: no slot changes under us. */
static int fbt_ret_restore(void *unused)
{
	size_t n = 1UL << FBT_RET_BITS, i;
	unsigned long v;
	int w;

	for (i = 0; i < n; i++) {
		for (w = 0; w < FBT_RET_WAYS; w++) {
			struct fbt_ret_cell *c = &fbt_ret_tab[i].c[w];

			if (c->slot == 0)
				continue;
			/*
			 * A dead task's stack may be gone: read it safely. A
			 * task inside the trampoline already overwrote its
			 * slot and still needs its cell.
			 */
			if (get_kernel_nofault(v, (unsigned long *)c->slot) ==
				    0 &&
			    v == (unsigned long)dtrace_fbt_ret_tramp) {
				*(unsigned long *)c->slot = c->orig;
				c->slot = 0;
			}
		}
	}
	return 0;
}

void dtrace_fbt_ret_fini(void)
{
	if (fbt_ret_tab == NULL)
		return;
	stop_machine(fbt_ret_restore, NULL, NULL);
	/* Tasks preempted inside the trampoline or its handler leave it. */
	synchronize_rcu_tasks();
	vfree(fbt_ret_tab);
	fbt_ret_tab = NULL;
}
#endif /* DTRACE_HAVE_FTRACE_REGS */

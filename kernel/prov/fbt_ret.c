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
 * stack), so the slot is the key: no per-task state is needed. The
 * cells are claimed and freed without a lock (below). A cell whose
 * function never returned (the task died in it) stays until its slot is
 * hooked again with no free cell before it, or the module goes. When
 * the table's bucket is full, or in NMI context, the return is not
 * hooked and counted as
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
#include <linux/stop_machine.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "linux/glue.h"
#include "prov/fbt.h"

#define FBT_RET_BITS 12 /* 4,096 buckets */
#define FBT_RET_WAYS 8	/* 32,768 pending returns */

/*
 * A cell's slot: 0 free, the slot's address once the cell is filled,
 * that address | FBT_RET_BUSY while the hook fills it (slots are
 * word-aligned, so no lookup matches it). A free cell is claimed with a
 * cmpxchg, by whichever CPU gets it; a claimed one is only ever changed
 * by the task whose stack holds its slot (hook, handler) with
 * interrupts off, so no lock is needed: another CPU's hook never takes
 * a cell that is not free, and a slot is hooked by one task at a time.
 *
 * A slot may have stale cells too (its task died in a hooked function,
 * and the stack came back to another task). The hook takes the first
 * cell of the bucket that is free or the slot's, and lookups take the
 * slot's first cell: a stale one is never before the live one.
 */
#define FBT_RET_BUSY 1UL

struct fbt_ret_cell {
	unsigned long slot;
	unsigned long orig; /* the return address the slot held */
	unsigned long ip;   /* the hooked function */
};

struct fbt_ret_bucket {
	struct fbt_ret_cell c[FBT_RET_WAYS];
};

unsigned long dtrace_fbt_ret_handler(struct dtrace_fbt_ret_frame *f);

static struct fbt_ret_bucket *fbt_ret_tab;
static atomic64_t fbt_ret_missed;

static __always_inline struct fbt_ret_bucket *
fbt_ret_bucket(const unsigned long *slot)
{
	return &fbt_ret_tab[hash_long((unsigned long)slot >> 3, FBT_RET_BITS)];
}

/* The first (filled) cell of slot in b, or NULL. */
static __always_inline struct fbt_ret_cell *
fbt_ret_cell(struct fbt_ret_bucket *b, const unsigned long *slot)
{
	int i;

	for (i = 0; i < FBT_RET_WAYS; i++)
		if (READ_ONCE(b->c[i].slot) == (unsigned long)slot)
			return &b->c[i];
	return NULL;
}

int dtrace_fbt_ret_init(void)
{
	size_t n = 1UL << FBT_RET_BITS;

	if (fbt_ret_tab != NULL)
		return 0;
	fbt_ret_tab = vzalloc(n * sizeof(*fbt_ret_tab));
	return fbt_ret_tab == NULL ? -ENOMEM : 0;
}

/*
 * From fbt.c's entry handler, interrupts off: the first cell of the
 * bucket that is free (claimed) or the slot's stale one (reused) takes
 * the original address, then the trampoline goes in the slot.
 */
bool notrace dtrace_fbt_ret_hook(unsigned long *slot, unsigned long ip)
{
	unsigned long orig = READ_ONCE(*slot), key = (unsigned long)slot, v;
	struct fbt_ret_bucket *b;
	struct fbt_ret_cell *c;
	int i;

	if (orig == (unsigned long)dtrace_fbt_ret_tramp)
		return false; /* a tail call from a hooked function */
	if (unlikely(in_nmi() || fbt_ret_tab == NULL))
		goto missed;
	b = fbt_ret_bucket(slot);
	for (i = 0; i < FBT_RET_WAYS; i++) {
		c = &b->c[i];
		v = READ_ONCE(c->slot);
		if (v == key) { /* ours alone: no other task has the slot */
			WRITE_ONCE(c->slot, key | FBT_RET_BUSY);
			break;
		}
		if (v == 0 && cmpxchg(&c->slot, 0, key | FBT_RET_BUSY) == 0)
			break;
	}
	if (i == FBT_RET_WAYS)
		goto missed;
	barrier(); /* busy before changed, for an NMI's stack() */
	c->orig = orig;
	c->ip = ip;
	/* Filled before found: stack() from an NMI may look it up. */
	smp_store_release(&c->slot, key);
	WRITE_ONCE(*slot, (unsigned long)dtrace_fbt_ret_tramp);
	return true;
missed:
	atomic64_inc(&fbt_ret_missed);
	return false;
}

/*
 * From the trampoline: interrupts go off for the whole handler, as in
 * fbt.c's entry handler, in place of ftrace's recursion lock: the cell
 * is taken with inline code only, and a traced function the firing
 * calls finds the core's re-entry guard (its return, if hooked, comes
 * back here on its own slot).
 */
unsigned long notrace dtrace_fbt_ret_handler(struct dtrace_fbt_ret_frame *f)
{
	unsigned long *slot = &f->ret, orig, ip, flags;
	struct fbt_ret_cell *c;

	/* fbt_tramp.S's layout: five words, the slot last. */
	BUILD_BUG_ON(sizeof(*f) != 40 ||
		     offsetof(struct dtrace_fbt_ret_frame, ret) != 32);
	raw_local_irq_save(flags);
	c = fbt_ret_cell(fbt_ret_bucket(slot), slot);
	/* Only a corrupted table loses a hooked return: nowhere to go. */
	if (unlikely(c == NULL))
		panic("dtrace: fbt: no return address for slot %px\n", slot);
	orig = c->orig;
	ip = c->ip;
	smp_store_release(&c->slot, 0); /* read before freed */
	WRITE_ONCE(*slot, orig);	/* where stack() finds the caller */
	if (likely(rcu_is_watching()))
		dtrace_fbt_ret_fire(ip, f);
	raw_local_irq_restore(flags);
	return orig;
}

/* For stack(): the slot's task is this one; 0 if it cannot tell. */
unsigned long notrace dtrace_fbt_ret_orig(unsigned long *slot)
{
	struct fbt_ret_cell *c;

	if (fbt_ret_tab == NULL)
		return 0;
	/*
	 * An NMI (cpc) may have interrupted this CPU's hook or handler:
	 * a cell being filled does not match yet, a freed one no more.
	 */
	c = fbt_ret_cell(fbt_ret_bucket(slot), slot);
	return c != NULL ? READ_ONCE(c->orig) : 0;
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

			if (c->slot == 0 || (c->slot & FBT_RET_BUSY) != 0)
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

// SPDX-License-Identifier: GPL-2.0
/*
 * fbt return probes by return-address substitution (x86-64). At the
 * entry of a function with an enabled return probe, the ftrace handler
 * (fbt.c) calls dtrace_fbt_ret_hook with the address of the slot that
 * holds the function's return address: the hook remembers the original
 * address in a table keyed by that slot and writes the trampoline's
 * address (fbt_tramp.S) in its place. When the function returns, the
 * trampoline calls fbt.c's dtrace_fbt_ret_handler, which puts the
 * original back in the slot and fires the return probes; the
 * trampoline returns through it. The hook and the taking back are inline in fbt.c's
 * handlers (fbt_ret.h); this file has the rest of the table's life.
 *
 * A slot holds one pending return at a time (every task has its own
 * stack), so the slot is the key: no per-task state is needed. The
 * cells are claimed and freed without a lock (below). A cell whose
 * function never returned (the task died in it) stays until its slot is
 * hooked again with no free cell before it, or the module goes. When
 * the table's bucket is full, or in NMI context, the return is not
 * hooked and counted as
 * missed; fbt.c reports the count in the kernel log when its last probe
 * is disabled. A tail call finds the trampoline already in the slot: the
 * callee is noted in the caller's cell instead, and its return probe
 * fires just before the caller's, when the slot returns (one tail call
 * deep; a second is counted as missed).
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
#include <linux/log2.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/stop_machine.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "linux/glue.h"
#include "prov/fbt.h"
#include "prov/fbt_ret.h"

struct fbt_ret_bucket *dtrace_fbt_ret_tab;
unsigned long dtrace_fbt_ret_mask;
atomic64_t dtrace_fbt_ret_missed;

/*
 * Fewer buckets fill up sooner: test/d/fbt/tst.return_scale.sh loads
 * the module with 2 to attack full buckets. Read once, at load.
 */
static unsigned int fbt_ret_buckets = 1U << FBT_RET_BITS;
module_param(fbt_ret_buckets, uint, 0444);
MODULE_PARM_DESC(fbt_ret_buckets,
		 "buckets of 8 pending fbt returns (power of 2, at most 4096)");

int dtrace_fbt_ret_init(void)
{
	size_t n = 1UL << FBT_RET_BITS;

	if (dtrace_fbt_ret_tab != NULL)
		return 0;
	dtrace_fbt_ret_mask = rounddown_pow_of_two(
				      clamp(fbt_ret_buckets, 1U, (u32)n)) -
			      1;
	dtrace_fbt_ret_tab = vzalloc(n * sizeof(*dtrace_fbt_ret_tab));
	return dtrace_fbt_ret_tab == NULL ? -ENOMEM : 0;
}

/* For stack(): the slot's task is this one; 0 if it cannot tell. */
unsigned long notrace dtrace_fbt_ret_orig(unsigned long *slot)
{
	struct fbt_ret_cell *c;

	if (dtrace_fbt_ret_tab == NULL)
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
	s64 n = atomic64_xchg(&dtrace_fbt_ret_missed, 0);

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
			struct fbt_ret_cell *c = &dtrace_fbt_ret_tab[i].c[w];

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
	if (dtrace_fbt_ret_tab == NULL)
		return;
	stop_machine(fbt_ret_restore, NULL, NULL);
	/* Tasks preempted inside the trampoline or its handler leave it. */
	synchronize_rcu_tasks();
	vfree(dtrace_fbt_ret_tab);
	dtrace_fbt_ret_tab = NULL;
}
#endif /* DTRACE_HAVE_FTRACE_REGS */

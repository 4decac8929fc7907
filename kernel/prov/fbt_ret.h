/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fbt's table of pending returns (fbt_ret.c), whose probe-path parts
 * are inline in fbt.c's handlers: the hook at a function's entry and
 * the taking back of its return address at its return.
 */
#ifndef _DTRACE_PROV_FBT_RET_H
#define _DTRACE_PROV_FBT_RET_H

#include <linux/atomic.h>
#include <linux/hash.h>
#include <linux/kernel.h>
#include <linux/preempt.h>

#include "linux/glue.h"

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
	/*
	 * A hooked function the hooked one tail-called (a jump, so it
	 * returns through the same slot), whose return fires first; 0:
	 * none. One deep: a second tail call's return is missed.
	 */
	unsigned long tail_ip;
	u32 id;	     /* its return probe; 0: look it up (several) */
	u32 tail_id; /* tail_ip's, as id */
};

struct fbt_ret_bucket {
	struct fbt_ret_cell c[FBT_RET_WAYS];
};

extern struct fbt_ret_bucket *dtrace_fbt_ret_tab;
extern unsigned long dtrace_fbt_ret_mask; /* buckets in use - 1 */
extern atomic64_t dtrace_fbt_ret_missed;

static __always_inline struct fbt_ret_bucket *
fbt_ret_bucket(const unsigned long *slot)
{
	return &dtrace_fbt_ret_tab[hash_long((unsigned long)slot >> 3,
					     FBT_RET_BITS) &
				   dtrace_fbt_ret_mask];
}

/* The first (filled) cell of slot in b, or NULL. */
static __always_inline struct fbt_ret_cell *
fbt_ret_cell(struct fbt_ret_bucket *b, const unsigned long *slot)
{
	struct fbt_ret_cell *c;

	for (c = b->c; c < b->c + FBT_RET_WAYS; c++)
		if (READ_ONCE(c->slot) == (unsigned long)slot)
			return c;
	return NULL;
}

/*
 * From fbt.c's entry handler, interrupts off: the first cell of the
 * bucket that is free (claimed) or the slot's stale one (reused) takes
 * the original address, then the trampoline goes in the slot.
 */
static __always_inline bool fbt_ret_hook(unsigned long *slot, unsigned long ip,
					 u32 id)
{
	unsigned long orig = READ_ONCE(*slot), key = (unsigned long)slot, v;
	struct fbt_ret_bucket *b;
	struct fbt_ret_cell *c;

	if (unlikely(in_nmi() || dtrace_fbt_ret_tab == NULL))
		goto missed;
	b = fbt_ret_bucket(slot);
	if (unlikely(orig == (unsigned long)dtrace_fbt_ret_tramp)) {
		/* A tail call from a hooked function: its cell holds ours. */
		c = fbt_ret_cell(b, slot);
		if (c == NULL || c->tail_ip != 0)
			goto missed;
		c->tail_id = id;
		WRITE_ONCE(c->tail_ip, ip);
		return false;
	}
	/* No test before the first cell (the common case): there are 8. */
	for (c = b->c;; c++) {
		v = READ_ONCE(c->slot);
		if (v == key) { /* ours alone: no other task has the slot */
			WRITE_ONCE(c->slot, key | FBT_RET_BUSY);
			break;
		}
		if (v == 0 && cmpxchg(&c->slot, 0, key | FBT_RET_BUSY) == 0)
			break;
		if (c == &b->c[FBT_RET_WAYS - 1])
			goto missed;
	}
	barrier(); /* busy before changed, for an NMI's stack() */
	c->orig = orig;
	c->ip = ip;
	c->id = id;
	c->tail_ip = 0;
	/* Filled before found: stack() from an NMI may look it up. */
	smp_store_release(&c->slot, key);
	WRITE_ONCE(*slot, (unsigned long)dtrace_fbt_ret_tramp);
	return true;
missed:
	atomic64_inc(&dtrace_fbt_ret_missed);
	return false;
}

/*
 * From the return handler (fbt.c), interrupts off: the original return
 * address of slot, the hooked function in *ip and the return probe the
 * entry found in *id, the function it tail-called in *tail_ip (0: none)
 * and its probe in *tail_id; the cell is free again.
 */
static __always_inline unsigned long fbt_ret_take(unsigned long *slot,
						  unsigned long *ip, u32 *id,
						  unsigned long *tail_ip,
						  u32 *tail_id)
{
	struct fbt_ret_bucket *b = fbt_ret_bucket(slot);
	struct fbt_ret_cell *c;
	unsigned long orig;

	for (c = b->c; READ_ONCE(c->slot) != (unsigned long)slot; c++)
		/* Only a corrupted table loses a hooked return. */
		if (unlikely(c == &b->c[FBT_RET_WAYS - 1]))
			panic("dtrace: fbt: no return address for slot %px\n",
			      slot);
	orig = c->orig;
	*ip = c->ip;
	*id = c->id;
	*tail_ip = c->tail_ip;
	*tail_id = c->tail_id;
	smp_store_release(&c->slot, 0); /* read before freed */
	return orig;
}

#endif /* _DTRACE_PROV_FBT_RET_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * The lockstat provider: lock contention, DTrace's contention-event
 * probes on 6.1's lock:contention_begin / lock:contention_end.
 *
 *   adaptive-spin   a mutex acquired after spinning only
 *   adaptive-block  a mutex acquired after sleeping at least once
 *   adaptive-acquire-error  a contended killable/interruptible mutex
 *                   wait that failed (arg1 = the negative errno)
 *   spin-spin       a spinlock acquired after spinning (qspinlock)
 *   rw-spin         an rwlock_t acquired after spinning (qrwlock)
 *   rw-block        an rw_semaphore acquired after waiting
 *
 * arg0 is the lock, arg1 the nanoseconds from the thread's first
 * contention_begin on it to contention_end, arg2 (rw-*) RW_WRITER 0 or
 * RW_READER 1. contention_begin only records (thread, lock, start,
 * kind) in a small table; contention_end looks it up and fires the
 * probe of that kind. Both tracepoints are registered while any
 * lockstat probe is enabled. The table is lock-free (a slot is claimed
 * with cmpxchg on its owner) because the handlers run inside the lock
 * slow paths, interrupts included. A contention that begins while the
 * table's slots for it are full is not reported.
 *
 * Not offered: the hold events (adaptive-acquire/-release,
 * spin-acquire/-release, rw-acquire/-release) have no tracepoint (the
 * lock fast paths are inline), nor do rt_mutexes, percpu rw
 * semaphores and semaphores give a DTrace kind (they are ignored).
 */
#include <linux/hash.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <trace/events/lock.h>

#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/lockstat.def"
#include "prov/stable_table.h"

/* contention_begin's flags (include/trace/events/lock.h, 5.19+). */
#define LS_F_SPIN   (1U << 0)
#define LS_F_READ   (1U << 1)
#define LS_F_WRITE  (1U << 2)
#define LS_F_RT	    (1U << 3)
#define LS_F_PERCPU (1U << 4)
#define LS_F_MUTEX  (1U << 5)

#define LS_SLOTS_SHIFT 10
#define LS_SLOTS       (1U << LS_SLOTS_SHIFT)
#define LS_PROBES      8 /* slots tried from a key's hash */

struct ls_slot {
	unsigned long owner; /* the waiting task; 0: free */
	void *lock;
	uint64_t start;
	unsigned int flags; /* of the first contention_begin */
	bool blocked;	    /* a later begin without LS_F_SPIN */
};

static struct ls_slot *ls_slots;
static struct tracepoint *ls_tp_begin, *ls_tp_end;
static unsigned int ls_armed;
static struct stable_prov lockstat_prov;

static struct ls_slot *ls_slot(void *lock, unsigned int i)
{
	unsigned long key = (unsigned long)current ^ (unsigned long)lock;

	return &ls_slots[(hash_long(key, LS_SLOTS_SHIFT) + i) & (LS_SLOTS - 1)];
}

static struct ls_slot *ls_find(void *lock)
{
	unsigned long me = (unsigned long)current;
	struct ls_slot *s;
	unsigned int i;

	for (i = 0; i < LS_PROBES; i++) {
		s = ls_slot(lock, i);
		if (READ_ONCE(s->owner) == me && s->lock == lock)
			return s;
	}
	return NULL;
}

static void ls_begin(void *data, void *lock, unsigned int flags)
{
	struct ls_slot *s;
	unsigned int i;

	if ((flags & (LS_F_RT | LS_F_PERCPU)) != 0 ||
	    (flags & (LS_F_SPIN | LS_F_READ | LS_F_WRITE | LS_F_MUTEX)) == 0)
		return;
	/* A mutex waiter goes back and forth between spinning and sleeping. */
	s = ls_find(lock);
	if (s != NULL) {
		if ((flags & LS_F_SPIN) == 0)
			s->blocked = true;
		return;
	}
	for (i = 0; i < LS_PROBES; i++) {
		s = ls_slot(lock, i);
		if (READ_ONCE(s->owner) != 0 ||
		    cmpxchg(&s->owner, 0, (unsigned long)current) != 0)
			continue;
		s->lock = lock;
		s->flags = flags;
		s->blocked = (flags & LS_F_SPIN) == 0;
		s->start = dtrace_port_gethrtime();
		return;
	}
}

static void ls_fire(unsigned int which, void *lock, uint64_t a1, uint64_t a2)
{
	struct stable_probe *p = &lockstat_prov.probes[which];

	if (READ_ONCE(p->armed))
		stable_fire(p, (uintptr_t)lock, a1, a2, 0);
}

static void ls_end(void *data, void *lock, int ret)
{
	struct ls_slot *s = ls_find(lock);
	unsigned int flags, rw;
	uint64_t ns;
	bool blocked;

	if (s == NULL)
		return;
	ns = dtrace_port_gethrtime() - s->start;
	flags = s->flags;
	blocked = s->blocked;
	smp_store_release(&s->owner, 0);

	rw = (flags & LS_F_WRITE) != 0 ? 0 : 1; /* RW_WRITER, RW_READER */
	if ((flags & LS_F_MUTEX) != 0) {
		if (ret != 0)
			ls_fire(STABLE_P_ADAPTIVE_ERROR, lock,
				(uint64_t)(int64_t)ret, 0);
		else
			ls_fire(blocked ? STABLE_P_ADAPTIVE_BLOCK :
					  STABLE_P_ADAPTIVE_SPIN,
				lock, ns, 0);
	} else if (ret != 0) {
		return;
	} else if ((flags & (LS_F_READ | LS_F_WRITE)) == 0) {
		ls_fire(STABLE_P_SPIN_SPIN, lock, ns, 0);
	} else {
		ls_fire((flags & LS_F_SPIN) != 0 ? STABLE_P_RW_SPIN :
						   STABLE_P_RW_BLOCK,
			lock, ns, rw);
	}
}

/* kCFI: each handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED_LOCK(contention_begin, ls_begin)
DTRACE_TP_TYPED_LOCK(contention_end, ls_end)

/* Both tracepoints, while any lockstat probe is enabled. */
static int ls_arm(struct stable_probe *p, bool on)
{
	int err;

	if (!on) {
		if (--ls_armed > 0)
			return 0;
		tracepoint_probe_unregister(ls_tp_end, ls_end, NULL);
		tracepoint_probe_unregister(ls_tp_begin, ls_begin, NULL);
		return 0;
	}
	if (ls_armed++ > 0)
		return 0;
	if (ls_tp_begin == NULL || ls_tp_end == NULL) {
		err = -ENOENT;
		goto fail;
	}
	/* No handler of an earlier enabling may still use the table. */
	tracepoint_synchronize_unregister();
	memset(ls_slots, 0, LS_SLOTS * sizeof(*ls_slots));
	err = tracepoint_probe_register(ls_tp_begin, ls_begin, NULL);
	if (err != 0)
		goto fail;
	err = tracepoint_probe_register(ls_tp_end, ls_end, NULL);
	if (err == 0)
		return 0;
	tracepoint_probe_unregister(ls_tp_begin, ls_begin, NULL);
fail:
	ls_armed--;
	return err;
}

static const struct stable_def lockstat_defs[] = {
	[STABLE_P_ADAPTIVE_SPIN] = { .arm = ls_arm },
	[STABLE_P_ADAPTIVE_BLOCK] = { .arm = ls_arm },
	[STABLE_P_ADAPTIVE_ERROR] = { .arm = ls_arm },
	[STABLE_P_SPIN_SPIN] = { .arm = ls_arm },
	[STABLE_P_RW_SPIN] = { .arm = ls_arm },
	[STABLE_P_RW_BLOCK] = { .arm = ls_arm },
};

static struct stable_prov lockstat_prov = STABLE_PROV(lockstat_defs);

static void ls_find_tp(struct tracepoint *tp, void *priv)
{
	if (strcmp(tp->name, "contention_begin") == 0)
		ls_tp_begin = tp;
	else if (strcmp(tp->name, "contention_end") == 0)
		ls_tp_end = tp;
}

int dtrace_prov_lockstat_init(struct dtrace_core *core)
{
	int err;

	ls_slots = kcalloc(LS_SLOTS, sizeof(*ls_slots), GFP_KERNEL);
	if (ls_slots == NULL)
		return -ENOMEM;
	for_each_kernel_tracepoint(ls_find_tp, NULL)
		;
	err = dtrace_stable_init(core, &lockstat_prov);
	if (err != 0) {
		kfree(ls_slots);
		ls_slots = NULL;
	}
	return err;
}

void dtrace_prov_lockstat_fini(struct dtrace_core *core)
{
	if (ls_slots == NULL)
		return;
	dtrace_stable_fini(core, &lockstat_prov);
	kfree(ls_slots);
	ls_slots = NULL;
}

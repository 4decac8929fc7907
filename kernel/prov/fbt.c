// SPDX-License-Identifier: GPL-2.0
/*
 * The fbt provider: fbt:vmlinux:<function>:entry and :return for the
 * kernel's traceable functions, fbt:<module>:<function>:... for those
 * of each live module (fbt_btf.c has the lists). Probes are created
 * lazily, when a description that names the provider or a function
 * could match them (provide), and live until the provider goes, or for
 * a module's, until it is unloaded and no consumer holds them; "dtrace
 * -l" alone does not create the 80,000 of them. A module notifier
 * retires an unloaded module's probes before its text goes (they leave
 * the table and the filter); held ones move to the module if it comes
 * back (fbt_mod_revive).
 *
 * All probes share one ftrace_ops. Enabling and disabling only mark
 * the probe; commit, after the core's batch, applies the changes:
 * it publishes a new table of (function address, probe) sorted by
 * address and hashed by it (the handler's lookup), changes the ops's filter with ftrace_set_filter_ips in
 * chunks of FBT_CHUNK functions (one text-patch pass each, a
 * reschedule between; functions ftrace refuses are found one by one on
 * a scratch ops), registers the ops after its first chunk and
 * unregisters it before its last function goes (an empty filter would
 * trace every function), and frees the old table after an RCU grace
 * period. Functions kprobes refuse (fbt_btf.c) are never in the filter.
 * The handler fires the entry probes of the function and, if it has an
 * enabled return probe, hooks its return (fbt_ret.c), whose handler
 * fires the return probes.
 *
 * entry: arg0..arg9 = the first ten integer arguments (from the six
 * argument registers, then the stack).
 * return: arg0 = 0 (the return instruction is not known), arg1 = the
 * return value.
 *
 * The probe path protects itself three times: the handlers run with
 * interrupts off and leave when RCU is not watching, no function
 * kprobes refuse (their own code, NOKPROBE functions, entry and noinstr
 * text) nor any of this module's is traced, and a firing that re-enters
 * the core on the same CPU is only counted. Functions that ftrace
 * refuses are skipped quietly so a glob still enables the rest.
 */
#include "linux/compat_auto.h"

/* Compiled only where fbt can work (kernel_compat.h, DTRACE_FBT_LACKS). */
#ifdef DTRACE_HAVE_FTRACE_REGS
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/overflow.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "core/fire.h"
#include "linux/kernel_compat.h"
#include "linux/glue.h"
#include "prov/fbt.h"
#include "prov/fbt_ret.h"
#include "prov/linux_provs.h"

struct fbt_probe {
	struct fbt_probe *next;	     /* all probes, for teardown */
	struct dtrace_fbt_funcs *ft; /* its function's list */
	uint32_t id;
	uint32_t fn; /* index in ft */
	bool ret;
	bool want; /* enabled */
	bool bad;  /* ftrace refused it */
	char sym[];
};

/* The enabled probes' table, read-only once published. */
struct fbt_ent {
	unsigned long ip;
	struct fbt_probe *fp;
};

/*
 * One traced function: what its handlers need without following the
 * probes' pointers. Its entry probes' ids are id[ids..ids + nentry),
 * its return probes' follow; ft is every probe's (one address is one
 * object's), for the gone check.
 */
struct fbt_fn {
	unsigned long ip;
	const struct dtrace_fbt_funcs *ft;
	u32 ids;
	u32 nentry;
	u32 nret;
	u32 rid; /* the return probe, for its handler; 0 if several */
};

/*
 * e[] the enabled probes, sorted by address (then probe id), for
 * commit; fn[] their functions in that order, id[] their probe ids;
 * slot[] a hash of the functions' addresses, open addressing at most
 * half full: 1 + the function's index, 0 for none.
 */
struct fbt_map {
	u32 n;
	u32 nfn;
	u32 shift; /* slot[] has 1 << (64 - shift) */
	u32 mask;  /* (1 << (64 - shift)) - 1 */
	u32 *slot;
	struct fbt_fn *fn;
	u32 *id;
	struct fbt_ent e[];
};

static struct dtrace_provider *fbt_prov;
static struct fbt_probe *fbt_all;
static struct dtrace_fbt_funcs *fbt_mods; /* modules seen, gone ones too */
static u32 fbt_ngone;			  /* probes of unloaded modules */
static bool fbt_dirty;			  /* probes changed since commit */
static struct fbt_map __rcu *fbt_map;
static unsigned long *fbt_filt; /* the ops's filter, sorted, unique */
static u32 fbt_nfilt;
static bool fbt_registered;

static void fbt_ftrace(unsigned long ip, unsigned long pip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * No FTRACE_OPS_FL_RECURSION: since 5.11 that flag asks ftrace to wrap
 * the callback in a recursion check of its own (ftrace_ops_assist_func),
 * a second call and a second lock per firing. fbt_ftrace takes the lock
 * itself, so the ops's trampoline calls it directly.
 */
static struct ftrace_ops fbt_fops = {
	.func = fbt_ftrace,
};

/* hash_64() of ip for m's slot[], its shift precomputed. */
static __always_inline u32 fbt_hash(const struct fbt_map *m, unsigned long ip)
{
	return (u32)((u64)ip * GOLDEN_RATIO_64 >> m->shift);
}

/*
 * Whether m has a function at address ip (*f): a bool, so that the
 * handlers test the outcome once, not the record's address again.
 */
static __always_inline bool fbt_find(const struct fbt_map *m, unsigned long ip,
				     const struct fbt_fn **f)
{
	u32 h = fbt_hash(m, ip), s;

	for (;; h = (h + 1) & m->mask) { /* ends: a slot is always empty */
		s = m->slot[h];
		if (s == 0)
			return false;
		*f = &m->fn[s - 1];
		if ((*f)->ip == ip)
			return true;
	}
}

/* A map for n probes, its hash empty, or NULL. */
static struct fbt_map *fbt_map_alloc(u32 n)
{
	u32 bits = order_base_2((u64)n * 2 + 2);
	size_t size = struct_size((struct fbt_map *)NULL, e, n), fn, id, all;
	struct fbt_map *m;

	fn = size;
	id = size_add(fn, array_size(sizeof(struct fbt_fn), n));
	size = size_add(id, array_size(sizeof(u32), n));
	all = size_add(size, array_size(sizeof(u32), (size_t)1 << bits));
	if (all == SIZE_MAX)
		return NULL;
	m = kvzalloc(all, GFP_KERNEL);
	if (m == NULL)
		return NULL;
	m->shift = 64 - bits;
	m->mask = (1u << bits) - 1;
	m->fn = (struct fbt_fn *)((u8 *)m + fn);
	m->id = (u32 *)((u8 *)m + id);
	m->slot = (u32 *)((u8 *)m + size);
	return m;
}

/*
 * From the sorted e[]: each function's record, its entry probes' ids
 * then its return probes', and the hash.
 */
static void fbt_map_index(struct fbt_map *m)
{
	struct fbt_fn *f = NULL;
	u32 h, i, k, nid = 0;

	m->nfn = 0;
	for (i = 0; i < m->n; i = k) {
		f = &m->fn[m->nfn++];
		f->ip = m->e[i].ip;
		f->ft = m->e[i].fp->ft;
		f->ids = nid;
		for (k = i; k < m->n && m->e[k].ip == f->ip; k++)
			if (!m->e[k].fp->ret) {
				m->id[nid++] = m->e[k].fp->id;
				f->nentry++;
			}
		for (k = i; k < m->n && m->e[k].ip == f->ip; k++)
			if (m->e[k].fp->ret) {
				m->id[nid++] = m->e[k].fp->id;
				f->rid = f->nret++ == 0 ? m->e[k].fp->id : 0;
			}
		for (h = fbt_hash(m, f->ip); m->slot[h] != 0;
		     h = (h + 1) & m->mask)
			;
		m->slot[h] = m->nfn;
	}
}

/*
 * The stack pointer at the entry now firing on this CPU (interrupts are
 * off while it fires): arguments past the sixth are on the stack above
 * the return address.
 */
static DEFINE_PER_CPU(unsigned long *, fbt_entry_sp);

/* Where the first six integer arguments are saved (x86-64: fbt_tramp.S). */
static const u16 fbt_arg_offs[6] = {
	offsetof(struct pt_regs, di), offsetof(struct pt_regs, si),
	offsetof(struct pt_regs, dx), offsetof(struct pt_regs, cx),
	offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9),
};

/* The entry probes of f (at least one). */
static __always_inline void fbt_fire_entries(const struct fbt_map *m,
					     const struct fbt_fn *f,
					     struct pt_regs *regs)
{
	unsigned long *outer = this_cpu_read(fbt_entry_sp);
	struct dtrace_fire_args args = { .base = regs, .offs = fbt_arg_offs };
	u32 k;

	dtrace_kstack_entry_set(f->ip);
	this_cpu_write(fbt_entry_sp, (unsigned long *)regs->sp);
	for (k = 0; k < f->nentry; k++)
		/* Inline: the common clause fires in this frame (fire.h). */
		dtrace_fire_irqs_off(dtrace_core, m->id[f->ids + k], args);
	this_cpu_write(fbt_entry_sp, outer); /* an interrupted firing's */
	dtrace_kstack_clear();
}

static notrace void fbt_fire(const struct fbt_map *m, const struct fbt_fn *f,
			     unsigned long pip, struct pt_regs *regs)
{
	if (f->ft->gone) /* a failed retire's commit */
		return;
	/* A function with return probes only pays none of the entry's. */
	if (f->nentry != 0)
		fbt_fire_entries(m, f, regs);
	/*
	 * ftrace saved the stack pointer at the call: it points at the
	 * return address, which ftrace also passed as pip. If they differ,
	 * someone else already replaced it: leave it alone.
	 */
	if (f->nret != 0 && *(unsigned long *)regs->sp == pip)
		fbt_ret_hook((unsigned long *)regs->sp, f->ip, f->rid);
}

/*
 * Interrupts go off for the whole firing, before the kstack hints and
 * the entry's stack pointer are written, in place of ftrace's
 * recursion lock: nothing this handler runs before the core's re-entry
 * guard (fire()) can call it again (the RCU test is inline or noinstr, the
 * rest is inline or this module's own text, which is never in the
 * filter: fbt_btf.c's addrs_filter), so a nested call can only come from the
 * firing itself, which the guard counts and drops, or from an NMI,
 * which fires as it would have under the lock.
 */
static notrace void fbt_ftrace(unsigned long ip, unsigned long pip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	const struct fbt_map *m;
	const struct fbt_fn *f;
	unsigned long flags;

	raw_local_irq_save(flags);
	if (unlikely(fregs == NULL || !dtrace_rcu_watching_irqs_off()))
		goto out;
	m = rcu_dereference_sched(fbt_map);
	if (m == NULL)
		goto out;
#ifdef CONFIG_X86_KERNEL_IBT
	/* The call site follows the function's ENDBR, if it has one. */
	if (fbt_find(m, ip - ENDBR_INSN_SIZE, &f) || fbt_find(m, ip, &f))
#else
	if (fbt_find(m, ip, &f))
#endif
		fbt_fire(m, f, pip, dtrace_ftrace_pt_regs(fregs));
out:
	raw_local_irq_restore(flags);
}

/* A return's arguments, in the trampoline's frame. */
static const u16 fbt_ret_arg_offs[6] = {
	offsetof(struct dtrace_fbt_ret_frame, zero),
	offsetof(struct dtrace_fbt_ret_frame, rv),
	offsetof(struct dtrace_fbt_ret_frame, zero),
	offsetof(struct dtrace_fbt_ret_frame, zero),
	offsetof(struct dtrace_fbt_ret_frame, zero),
	offsetof(struct dtrace_fbt_ret_frame, zero),
};

/*
 * The whole firing of a return probe (fire.h): only it reads the
 * stack, so only it builds the caller's registers.
 */
static noinline notrace void fbt_ret_fire_from(struct dtrace_core *core,
					       struct dtrace_probe *probe,
					       struct dtrace_ecb *ecb,
					       uint32_t cpu,
					       struct dtrace_fire_args args)
{
	const struct dtrace_fbt_ret_frame *f = args.base;
	struct pt_regs regs = {};

	regs.ip = f->ret;
	regs.sp = (unsigned long)(&f->ret + 1);
	regs.bp = f->bp;
	dtrace_kstack_regs_set(&regs);
	dtrace_fire_from(core, probe, ecb, cpu, args);
	dtrace_kstack_regs_clear();
}

void dtrace_fbt_ret_handler(struct dtrace_fbt_ret_frame *f);

/* The return probes of fn: id, the one its entry found, or all of them. */
static __always_inline void fbt_ret_fire(unsigned long fn, u32 id,
					 struct dtrace_fire_args args)
{
	const struct fbt_map *m;
	const struct fbt_fn *tf;
	u32 k;

	/*
	 * The probe the entry found: no second lookup. Disabled since, it
	 * has no ECBs; a module's is never removed with a return pending
	 * (its text would be gone).
	 */
	if (likely(id != 0)) {
		dtrace_fire_irqs_off_via(dtrace_core, id, args,
					 fbt_ret_fire_from);
		return;
	}
	m = rcu_dereference_sched(fbt_map);
	if (m == NULL || !fbt_find(m, fn, &tf) || tf->ft->gone)
		return;
	for (k = 0; k < tf->nret; k++)
		/* Inline: the common clause fires in this frame. */
		dtrace_fire_irqs_off_via(dtrace_core,
					 m->id[tf->ids + tf->nentry + k], args,
					 fbt_ret_fire_from);
}

/*
 * From the return trampoline (fbt_tramp.S). Interrupts go off for the
 * whole handler, as in the entry's, in place of ftrace's recursion
 * lock: the return address is taken back with inline code only, and a
 * traced function the firing calls finds the core's re-entry guard (its
 * return, if hooked, comes back here on its own slot).
 */
void notrace dtrace_fbt_ret_handler(struct dtrace_fbt_ret_frame *f)
{
	struct dtrace_fire_args args = { .base = f, .offs = fbt_ret_arg_offs };
	unsigned long orig, fn, tail_fn, flags;
	u32 id, tail_id;

	/* fbt_tramp.S's layout: five words, the slot last. */
	BUILD_BUG_ON(sizeof(*f) != 40 ||
		     offsetof(struct dtrace_fbt_ret_frame, ret) != 32);
	raw_local_irq_save(flags);
	orig = fbt_ret_take(&f->ret, &fn, &id, &tail_fn, &tail_id);
	/* Where the trampoline returns, and stack() finds the caller. */
	WRITE_ONCE(f->ret, orig);
	if (likely(dtrace_rcu_watching_irqs_off())) {
		/* The tail-called function returns first, as it would have. */
		if (unlikely(tail_fn != 0))
			fbt_ret_fire(tail_fn, tail_id, args);
		fbt_ret_fire(fn, id, args);
	}
	raw_local_irq_restore(flags);
}

static int fbt_enable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;
	int err = 0;

	/* A gone module's probe stays unarmed unless the module is back. */
	if (!fp->ft->gone)
		err = dtrace_fbt_addrs_load(fp->ft);
	if (err == 0 && fp->ret)
		err = dtrace_fbt_ret_init();
	if (err != 0)
		return err;
	fp->want = true;
	fbt_dirty = true;
	cond_resched(); /* fbt::: enables 84,000 */
	return 0;
}

/* Entry arguments past the sixth (x86-64: the stack, after the return). */
static uint64_t fbt_getarg(void *parg, uint32_t id, void *prarg, uint32_t ndx)
{
	const struct fbt_probe *fp = prarg;
	unsigned long *sp = this_cpu_read(fbt_entry_sp);
	unsigned long v;

	if (fp->ret || sp == NULL || ndx < 6 ||
	    get_kernel_nofault(v, sp + ndx - 5) != 0)
		return 0;
	return v;
}

static void fbt_disable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;

	if (fp->want)
		fbt_dirty = true;
	fp->want = false;
}

static int fbt_ent_cmp(const void *a, const void *b)
{
	const struct fbt_ent *x = a, *y = b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return x->fp->id < y->fp->id ? -1 : x->fp->id > y->fp->id;
}

/* Never registered: tells whether ftrace can trace one address. */
static struct ftrace_ops fbt_probe_ops;

/*
 * Adds ips to the filter; if ftrace refuses the batch, tries each
 * address alone on a scratch ops (the refused ones become 0 in ips)
 * and adds the rest. One at a time on fbt_fops would copy its whole
 * filter each time.
 */
static int fbt_filter_add(unsigned long *ips, u32 n)
{
	unsigned long *ok;
	u32 i, j;
	int err;

	if (n == 0)
		return 0;
	err = ftrace_set_filter_ips(&fbt_fops, ips, n, 0, 0);
	if (err != -EINVAL)
		return err;
	for (i = 0, j = 0; i < n; i++) {
		if ((i & 1023) == 0)
			cond_resched();
		err = ftrace_set_filter_ips(&fbt_probe_ops, &ips[i], 1, 0, 1);
		if (err == -EINVAL)
			ips[i] = 0;
		else if (err != 0)
			return err;
		else
			j++;
	}
	ftrace_set_filter_ips(&fbt_probe_ops, NULL, 0, 0, 1);
	ok = kvmalloc_array(j + 1, sizeof(*ok),
			    GFP_KERNEL); /* ips keeps its 0s */
	if (ok == NULL)
		return -ENOMEM;
	for (i = 0, j = 0; i < n; i++)
		if (ips[i] != 0)
			ok[j++] = ips[i];
	err = j == 0 ? 0 : ftrace_set_filter_ips(&fbt_fops, ok, j, 0, 0);
	kvfree(ok);
	return err;
}

/*
 * Filter changes go in chunks: on a registered ops each chunk is a
 * text-patch pass of its own, with a reschedule between, so that no
 * CPU is held for one 40,000-function pass.
 */
#define FBT_CHUNK 1024

/*
 * Adds ips chunk by chunk; the ops is registered after the first chunk
 * ftrace accepts (never with an empty filter, which would trace all).
 */
static int fbt_filter_grow(unsigned long *ips, u32 n)
{
	u32 i, k, c;
	int err;

	for (i = 0; i < n; i += c) {
		c = min_t(u32, n - i, FBT_CHUNK);
		err = fbt_filter_add(&ips[i], c);
		if (err != 0)
			return err;
		for (k = i; k < i + c && ips[k] == 0; k++)
			;
		if (!fbt_registered && k < i + c) {
			err = register_ftrace_function(&fbt_fops);
			if (err != 0)
				return err;
			fbt_registered = true;
		}
		cond_resched();
	}
	return 0;
}

static void fbt_filter_shrink(unsigned long *ips, u32 n)
{
	u32 i, c;
	int err;

	for (i = 0; i < n; i += c) {
		c = fbt_registered ? min_t(u32, n - i, FBT_CHUNK) : n - i;
		err = ftrace_set_filter_ips(&fbt_fops, &ips[i], c, 1, 0);
		if (err != 0)
			pr_warn("dtrace: fbt: removing %u functions: %d\n", c,
				err);
		cond_resched();
	}
}

/* After a failed change: nothing traced, an empty filter. */
static void fbt_filter_reset(void)
{
	if (fbt_registered)
		unregister_ftrace_function(&fbt_fops);
	fbt_registered = false;
	ftrace_free_filter(&fbt_fops);
}

/* Whether sorted a[0..n) holds ip. */
static bool fbt_has(const unsigned long *a, u32 n, unsigned long ip)
{
	u32 lo = 0, hi = n;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (a[mid] == ip)
			return true;
		if (a[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static int fbt_commit(void *parg)
{
	struct fbt_map *nm, *old;
	struct fbt_probe *fp;
	unsigned long *ips, *add, *rem;
	u32 n = 0, nips = 0, nadd = 0, nrem = 0, nfilt = 0, i, j;
	int err = 0, e;

	if (!fbt_dirty)
		return 0;
	fbt_dirty = false;
	for (fp = fbt_all; fp != NULL; fp = fp->next)
		n += fp->want && !fp->bad && !fp->ft->gone;
	nm = fbt_map_alloc(n);
	ips = kvmalloc_array(n + 1, sizeof(*ips), GFP_KERNEL);
	add = kvmalloc_array(n + 1, sizeof(*add), GFP_KERNEL);
	rem = kvmalloc_array(fbt_nfilt + 1, sizeof(*rem), GFP_KERNEL);
	if (nm == NULL || ips == NULL || add == NULL || rem == NULL) {
		kvfree(nm);
		kvfree(ips);
		kvfree(add);
		kvfree(rem);
		fbt_dirty = true;
		return -ENOMEM;
	}
	nm->n = 0;
	for (fp = fbt_all; fp != NULL; fp = fp->next) {
		if (!fp->want || fp->bad || fp->ft->gone)
			continue;
		nm->e[nm->n].ip = dtrace_fbt_func_addr(fp->ft, fp->fn);
		nm->e[nm->n++].fp = fp;
	}
	sort(nm->e, nm->n, sizeof(nm->e[0]), fbt_ent_cmp, NULL);
	fbt_map_index(nm);
	for (i = 0; i < nm->n; i++)
		if (nm->e[i].ip != 0 &&
		    (nips == 0 || ips[nips - 1] != nm->e[i].ip))
			ips[nips++] = nm->e[i].ip;
	for (i = 0; i < nips; i++)
		if (!fbt_has(fbt_filt, fbt_nfilt, ips[i]))
			add[nadd++] = ips[i];
	for (i = 0; i < fbt_nfilt; i++)
		if (!fbt_has(ips, nips, fbt_filt[i]))
			rem[nrem++] = fbt_filt[i];

	/* New probes find their entries before their functions call us. */
	old = rcu_dereference_protected(fbt_map, true);
	rcu_assign_pointer(fbt_map, nm);
	err = fbt_filter_grow(add, nadd);
	if (err != 0) {
		fbt_filter_reset();
		nadd = nrem = 0;
		kvfree(fbt_filt);
		fbt_filt = NULL;
		fbt_nfilt = 0;
	}
	for (i = 0, j = 0; i < nadd; i++) /* drop the refused (0) */
		if (add[i] != 0)
			add[j++] = add[i];
	nadd = j;
	/* The filter now: the kept ones and the additions, still sorted. */
	for (i = 0; i < nips; i++)
		if (fbt_has(fbt_filt, fbt_nfilt, ips[i]) ||
		    fbt_has(add, nadd, ips[i]))
			ips[nfilt++] = ips[i];
	if (fbt_registered && nfilt == 0 && nrem > 0) {
		/* Down to one function in chunks, then off. */
		fbt_filter_shrink(rem + 1, nrem - 1);
		unregister_ftrace_function(&fbt_fops); /* waits for handlers */
		fbt_registered = false;
		nrem = 1;
	}
	fbt_filter_shrink(rem, nrem);
	if (err == 0 && !fbt_registered && nfilt != 0) {
		e = register_ftrace_function(&fbt_fops);
		if (e == 0) {
			fbt_registered = true;
		} else {
			ftrace_set_filter_ips(&fbt_fops, ips, nfilt, 1, 0);
			nfilt = 0;
			err = err != 0 ? err : e;
		}
	}
	for (i = 0; i < nm->n; i++) {
		if (err != 0 || fbt_has(ips, nfilt, nm->e[i].ip))
			continue;
		nm->e[i].fp->bad = true; /* ftrace cannot trace it */
		pr_info_ratelimited("dtrace: fbt: cannot probe %s\n",
				    nm->e[i].fp->sym);
	}
	kvfree(fbt_filt);
	fbt_filt = ips;
	fbt_nfilt = nfilt;
	kvfree(add);
	kvfree(rem);
	if (old != NULL) {
		synchronize_rcu(); /* handlers run with interrupts off */
		kvfree(old);
	}
	if (nm->n == 0)
		dtrace_fbt_ret_report(); /* the end of a session */
	return err;
}

static void fbt_create(struct dtrace_fbt_funcs *ft, u32 fn, bool ret)
{
	const char *func = dtrace_fbt_func(ft, fn);
	size_t len = strlen(func) + 1;
	struct fbt_probe *fp;
	int id;

	if (len > DTRACE_CORE_FUNCNAMELEN)
		return;
	fp = kzalloc(sizeof(*fp) + len, GFP_KERNEL);
	if (fp == NULL)
		return;
	memcpy(fp->sym, func, len);
	fp->ft = ft;
	fp->fn = fn;
	fp->ret = ret;
	id = dtrace_probe_create(dtrace_core, fbt_prov, ft->name, func,
				 ret ? "return" : "entry", fp);
	if (id < 0) {
		kfree(fp); /* -EEXIST: a duplicate static name */
		return;
	}
	fp->id = id;
	fp->next = fbt_all;
	fbt_all = fp;
	ft->nprobes++;
}

static void fbt_provide_funcs(struct dtrace_fbt_funcs *ft,
			      const struct dtrace_pattern *pat, bool entry,
			      bool ret)
{
	u32 i;

	for (i = 0; i < ft->n; i++) {
		if ((i & 1023) == 0)
			cond_resched(); /* fbt::: creates 84,000 */
		if (!dtrace_glob(pat->func, dtrace_fbt_func(ft, i)))
			continue;
		if (entry)
			fbt_create(ft, i, false);
		if (ret)
			fbt_create(ft, i, true);
	}
}

/*
 * Probes of an unloaded module that a consumer still holds (they keep
 * their names) move to the module loaded again under that name; the
 * enabled ones are armed again. Under dtrace_lock.
 */
static void fbt_mod_revive(struct dtrace_fbt_funcs *ft)
{
	struct fbt_probe *fp;
	bool armed = false;
	u32 fn;

	for (fp = fbt_all; fp != NULL && fbt_ngone > 0; fp = fp->next) {
		if (!fp->ft->gone || strcmp(fp->ft->name, ft->name) != 0)
			continue;
		fn = dtrace_fbt_func_find(ft, fp->sym);
		if (fn == ft->n)
			continue; /* the new build lacks it */
		fp->ft->nprobes--;
		fp->ft = ft;
		fp->fn = fn;
		fp->bad = false;
		ft->nprobes++;
		fbt_ngone--;
		if (fp->want && dtrace_fbt_addrs_load(ft) == 0) {
			fbt_dirty = true;
			armed = true;
		}
	}
	if (armed && fbt_commit(NULL) != 0)
		pr_warn("dtrace: fbt: %s: probes not armed again\n", ft->name);
}

/* The list of each live module whose name pat->mod matches, read once. */
static void fbt_mods_scan(const struct dtrace_pattern *pat)
{
	struct dtrace_fbt_funcs *ft;
	struct module **mods;
	u32 n, i;

	n = dtrace_fbt_modules(NULL, 0);
	mods = n != 0 ? kvcalloc(n, sizeof(*mods), GFP_KERNEL) : NULL;
	if (mods == NULL)
		return;
	/* Fewer now if some went; their GOING waits for dtrace_lock. */
	n = min(n, dtrace_fbt_modules(mods, n));
	for (i = 0; i < n; i++) {
		/* Not our own: the probe path is in it. */
		if (mods[i] == THIS_MODULE ||
		    !dtrace_glob(pat->mod, mods[i]->name))
			continue;
		for (ft = fbt_mods; ft != NULL; ft = ft->next)
			if (!ft->gone && ft->mod == mods[i])
				break;
		if (ft != NULL)
			continue;
		ft = dtrace_fbt_module(mods[i]);
		if (ft == NULL)
			continue;
		ft->next = fbt_mods;
		fbt_mods = ft;
		fbt_mod_revive(ft);
	}
	kvfree(mods);
}

/*
 * Removes the probes of unloaded modules that no consumer holds any
 * more, once no published table refers to them (the last commit
 * succeeded), and the lists left without probes.
 */
static void fbt_mods_reap(void)
{
	struct dtrace_fbt_funcs **pft, *ft;
	struct fbt_probe **pp, *fp;
	uint32_t *ids;
	u32 n = 0, i;

	if (fbt_ngone == 0 || fbt_dirty)
		goto lists;
	ids = kvcalloc(fbt_ngone, sizeof(*ids), GFP_KERNEL);
	if (ids == NULL)
		goto lists;
	for (fp = fbt_all; fp != NULL && n < fbt_ngone; fp = fp->next)
		if (fp->ft->gone)
			ids[n++] = fp->id;
	dtrace_probes_remove(dtrace_core, ids, n);
	for (i = 0, pp = &fbt_all; (fp = *pp) != NULL;) {
		/* Kept: live, or still held (id left non-zero). */
		if (!fp->ft->gone || i >= n || ids[i++] != 0) {
			pp = &fp->next;
			continue;
		}
		*pp = fp->next;
		fp->ft->nprobes--;
		fbt_ngone--;
		kfree(fp);
	}
	kvfree(ids);
lists:
	for (pft = &fbt_mods; (ft = *pft) != NULL;) {
		if (ft->gone && ft->nprobes == 0) {
			*pft = ft->next;
			kfree(ft);
		} else {
			pft = &ft->next;
		}
	}
}

/*
 * A module is going (its exit ran; its text is freed after the
 * notifiers): its probes never fire again and its functions leave the
 * ftrace filter now, while ftrace still knows them. Under dtrace_lock.
 */
static void fbt_mod_retire(struct module *mod)
{
	struct dtrace_fbt_funcs *ft;
	struct fbt_probe *fp;

	for (ft = fbt_mods; ft != NULL; ft = ft->next)
		if (!ft->gone && ft->mod == mod)
			break;
	if (ft == NULL)
		return;
	ft->gone = true;
	fbt_ngone += ft->nprobes;
	for (fp = fbt_all; fp != NULL; fp = fp->next)
		if (fp->ft == ft && fp->want)
			fbt_dirty = true;
	/* On failure (no memory) the handlers skip its probes. */
	if (fbt_commit(NULL) != 0)
		pr_warn("dtrace: fbt: %s: functions left in the filter\n",
			ft->name);
	dtrace_fbt_funcs_drop(ft);
	fbt_mods_reap();
}

static int fbt_mod_notify(struct notifier_block *nb, unsigned long state,
			  void *data)
{
	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&dtrace_lock);
	if (fbt_prov != NULL)
		fbt_mod_retire(data);
	mutex_unlock(&dtrace_lock);
	return NOTIFY_OK;
}

static struct notifier_block fbt_mod_nb = {
	.notifier_call = fbt_mod_notify,
};

static void fbt_provide(void *parg, const struct dtrace_pattern *pat)
{
	struct dtrace_fbt_funcs *ft;
	bool entry, ret;
	int err;

	if (pat->id != 0)
		return;
	/* Only descriptions that name fbt or a function create probes. */
	if ((pat->prov == NULL || pat->prov[0] == '\0') &&
	    (pat->func == NULL || pat->func[0] == '\0'))
		return;
	entry = dtrace_glob(pat->name, "entry");
	ret = dtrace_glob(pat->name, "return");
	if (!entry && !ret)
		return;
	ft = dtrace_fbt_vmlinux(&err); /* modules' BTF is split on it */
	if (ft == NULL)
		return;
	if (dtrace_glob(pat->mod, "vmlinux"))
		fbt_provide_funcs(ft, pat, entry, ret);
	if (pat->mod != NULL && strcmp(pat->mod, "vmlinux") == 0)
		return;
	fbt_mods_reap(); /* before their names are wanted again */
	fbt_mods_scan(pat);
	for (ft = fbt_mods; ft != NULL; ft = ft->next)
		if (!ft->gone && dtrace_glob(pat->mod, ft->name))
			fbt_provide_funcs(ft, pat, entry, ret);
}

static const struct dtrace_provider_ops fbt_ops = {
	.provide = fbt_provide,
	.enable = fbt_enable,
	.disable = fbt_disable,
	.getarg = fbt_getarg,
	.commit = fbt_commit,
};

int dtrace_prov_fbt_init(struct dtrace_core *core)
{
	return dtrace_provider_register(core, "fbt", &fbt_ops, NULL, &fbt_prov);
}

/* Outside dtrace_lock: the notifier takes it. */
int dtrace_prov_fbt_watch(void)
{
	return register_module_notifier(&fbt_mod_nb);
}

void dtrace_prov_fbt_unwatch(void)
{
	unregister_module_notifier(&fbt_mod_nb); /* waits for it */
}

void dtrace_prov_fbt_fini(struct dtrace_core *core)
{
	struct dtrace_fbt_funcs *ft;
	struct fbt_probe *fp;

	dtrace_prov_unregister(core, &fbt_prov);
	for (fp = fbt_all; fp != NULL; fp = fp->next)
		fbt_disable(NULL, fp->id, fp);
	fbt_commit(NULL);
	if (fbt_registered) /* the commit failed: no memory */
		unregister_ftrace_function(&fbt_fops);
	fbt_registered = false;
	dtrace_fbt_ret_fini(); /* no handler can hook a return now */
	while (fbt_all != NULL) {
		fp = fbt_all;
		fbt_all = fp->next;
		kfree(fp);
	}
	fbt_ngone = 0;
	kvfree(rcu_dereference_protected(fbt_map, true));
	RCU_INIT_POINTER(fbt_map, NULL);
	kvfree(fbt_filt);
	fbt_filt = NULL;
	fbt_nfilt = 0;
	ftrace_free_filter(&fbt_fops);
	ftrace_free_filter(&fbt_probe_ops);
	while (fbt_mods != NULL) {
		ft = fbt_mods;
		fbt_mods = ft->next;
		dtrace_fbt_funcs_drop(ft);
		kfree(ft);
	}
	dtrace_fbt_funcs_free();
}
#else /* mod.c leaves fbt out: nothing to register or watch */
#include <linux/errno.h>
#include "prov/linux_provs.h"

int dtrace_prov_fbt_init(struct dtrace_core *core)
{
	return -EOPNOTSUPP;
}

void dtrace_prov_fbt_fini(struct dtrace_core *core)
{
}

int dtrace_prov_fbt_watch(void)
{
	return 0;
}

void dtrace_prov_fbt_unwatch(void)
{
}
#endif /* DTRACE_HAVE_FTRACE_REGS */

// SPDX-License-Identifier: GPL-2.0
/*
 * The fbt provider: fbt:vmlinux:<function>:entry and :return for the
 * kernel's traceable functions (fbt_btf.c has the list). Probes are
 * created lazily, when a description that names the provider or a
 * function could match them (provide), and live until the provider
 * goes; "dtrace -l" alone does not create the 80,000 of them.
 *
 * Entry probes share one ftrace_ops. Enabling and disabling only mark
 * the probe; commit, after the core's batch, applies the changes:
 * it publishes a new table of (address, probe) sorted by address,
 * changes the ops's filter with one ftrace_set_filter_ips call for
 * the additions (functions ftrace refuses are found one by one on a
 * scratch ops first) and one for the removals (one text-patch pass each),
 * registers the ops with its first function and unregisters it with
 * its last (an empty filter would trace every function), and frees
 * the old table after an RCU grace period. Return probes are one
 * kretprobe each, registered by enable and removed by disable, and
 * at most fbt_max_enabled (a module parameter) of them are enabled at
 * once so a wide glob cannot stall the machine: beyond it ENABLE fails
 * with E2BIG.
 *
 * entry: arg0..arg5 = the first six integer arguments.
 * return: arg0 = 0 (no return offset with kretprobes), arg1 = the
 * return value.
 *
 * The probe path protects itself three times: the entry handler takes
 * ftrace's recursion lock and leaves when RCU is not watching, kprobes
 * refuse their own code and NOKPROBE functions, and a firing that
 * re-enters the core on the same CPU is only counted. Functions that
 * ftrace or kprobes refuse are skipped quietly so a glob still enables
 * the rest.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/trace_recursion.h>

#include "linux/glue.h"
#include "prov/fbt.h"
#include "prov/linux_provs.h"

/* Each kretprobe costs a text patch and, on removal, an RCU grace period. */
static unsigned int fbt_max_enabled = 1024;
module_param(fbt_max_enabled, uint, 0644);
MODULE_PARM_DESC(fbt_max_enabled, "most fbt return probes enabled at once");

struct fbt_probe {
	struct fbt_probe	*next;		/* all probes, for teardown */
	uint32_t		id;
	uint32_t		fn;		/* fbt_btf.c's function index */
	bool			ret;
	bool			armed;		/* return: kretprobe registered */
	bool			want;		/* entry: enabled */
	bool			bad;		/* entry: ftrace refused it */
	struct kretprobe	krp;
	char			sym[];
};

/* The entry probes' table, read-only once published. */
struct fbt_ent {
	unsigned long		ip;
	struct fbt_probe	*fp;
};

struct fbt_map {
	u32			n;
	struct fbt_ent		e[];
};

static struct dtrace_provider *fbt_prov;
static struct fbt_probe *fbt_all;
static uint32_t fbt_non;		/* kretprobes registered */
static bool fbt_dirty;			/* entry probes changed since commit */
static struct fbt_map __rcu *fbt_map;
static unsigned long *fbt_filt;		/* the ops's filter, sorted, unique */
static u32 fbt_nfilt;
static bool fbt_registered;

static void fbt_ftrace(unsigned long ip, unsigned long pip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);

static struct ftrace_ops fbt_fops = {
	.func	= fbt_ftrace,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

static notrace u32 fbt_lower(const struct fbt_map *m, unsigned long ip)
{
	u32 lo = 0, hi = m->n;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (m->e[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static notrace void fbt_fire(const struct fbt_map *m, unsigned long ip,
			     struct pt_regs *regs)
{
	u32 i;

	for (i = fbt_lower(m, ip); i < m->n && m->e[i].ip == ip; i++)
		dtrace_core_probe(dtrace_core, m->e[i].fp->id,
			regs ? regs_get_kernel_argument(regs, 0) : 0,
			regs ? regs_get_kernel_argument(regs, 1) : 0,
			regs ? regs_get_kernel_argument(regs, 2) : 0,
			regs ? regs_get_kernel_argument(regs, 3) : 0,
			regs ? regs_get_kernel_argument(regs, 4) : 0,
			regs ? regs_get_kernel_argument(regs, 5) : 0);
}

static notrace void fbt_ftrace(unsigned long ip, unsigned long pip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs)
{
	struct pt_regs *regs = fregs ? &fregs->regs : NULL;
	const struct fbt_map *m;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, pip);	/* disables preemption */
	if (bit < 0)
		return;
	if (rcu_is_watching()) {
		m = rcu_dereference_sched(fbt_map);
		if (m != NULL) {
			fbt_fire(m, ip, regs);
#ifdef CONFIG_X86_KERNEL_IBT
			/* The call site follows the function's ENDBR. */
			fbt_fire(m, ip - ENDBR_INSN_SIZE, regs);
#endif
		}
	}
	ftrace_test_recursion_unlock(bit);
}

static int fbt_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *krp = get_kretprobe(ri);
	struct fbt_probe *fp;

	if (krp == NULL)
		return 0;
	fp = container_of(krp, struct fbt_probe, krp);
	dtrace_core_probe(dtrace_core, fp->id, 0, regs_return_value(regs), 0,
			  0, 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(fbt_return);

static int fbt_enable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;
	int err;

	if (!fp->ret) {
		err = dtrace_fbt_addrs_load();
		if (err != 0)
			return err;
		fp->want = true;
		fbt_dirty = true;
		cond_resched();		/* fbt:::entry enables 42,000 */
		return 0;
	}
	if (fbt_non >= READ_ONCE(fbt_max_enabled))
		return -E2BIG;
	cond_resched();		/* a wide glob arms hundreds of kretprobes */
	memset(&fp->krp, 0, sizeof(fp->krp));
	fp->krp.kp.symbol_name = fp->sym;
	fp->krp.handler = fbt_return;
	err = register_kretprobe(&fp->krp);
	if (err != 0) {
		/* Refused (blacklisted, gone): the probe just never fires. */
		pr_info_ratelimited("dtrace: fbt: cannot probe %s: %d\n",
				    fp->sym, err);
		return 0;
	}
	fp->armed = true;
	fbt_non++;
	return 0;
}

static void fbt_disable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;

	if (!fp->ret) {
		if (fp->want)
			fbt_dirty = true;
		fp->want = false;
		return;
	}
	if (!fp->armed)
		return;
	unregister_kretprobe(&fp->krp);
	fp->armed = false;
	fbt_non--;
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
	ok = kvmalloc_array(j + 1, sizeof(*ok), GFP_KERNEL);	/* ips keeps its 0s */
	if (ok == NULL)
		return -ENOMEM;
	for (i = 0, j = 0; i < n; i++)
		if (ips[i] != 0)
			ok[j++] = ips[i];
	err = j == 0 ? 0 : ftrace_set_filter_ips(&fbt_fops, ok, j, 0, 0);
	kvfree(ok);
	return err;
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
		n += fp->want && !fp->bad;
	nm = kvmalloc(struct_size(nm, e, n), GFP_KERNEL);
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
		if (!fp->want || fp->bad)
			continue;
		nm->e[nm->n].ip = dtrace_fbt_func_addr(fp->fn);
		nm->e[nm->n++].fp = fp;
	}
	sort(nm->e, nm->n, sizeof(nm->e[0]), fbt_ent_cmp, NULL);
	for (i = 0; i < nm->n; i++)
		if (nm->e[i].ip != 0 && (nips == 0 || ips[nips - 1] != nm->e[i].ip))
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
	err = fbt_filter_add(add, nadd);
	for (i = 0, j = 0; i < nadd; i++)	/* drop the refused (0) */
		if (add[i] != 0)
			add[j++] = add[i];
	nadd = j;
	/* The filter now: the kept ones and the additions, still sorted. */
	for (i = 0; i < nips; i++)
		if (fbt_has(fbt_filt, fbt_nfilt, ips[i]) ||
		    fbt_has(add, nadd, ips[i]))
			ips[nfilt++] = ips[i];
	if (fbt_registered && nfilt == 0) {
		unregister_ftrace_function(&fbt_fops);	/* waits for handlers */
		fbt_registered = false;
	}
	if (nrem != 0) {
		e = ftrace_set_filter_ips(&fbt_fops, rem, nrem, 1, 0);
		if (e != 0)
			pr_warn("dtrace: fbt: removing %u functions: %d\n",
				nrem, e);
	}
	if (!fbt_registered && nfilt != 0) {
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
		nm->e[i].fp->bad = true;	/* ftrace cannot trace it */
		pr_info_ratelimited("dtrace: fbt: cannot probe %s\n",
				    nm->e[i].fp->sym);
	}
	kvfree(fbt_filt);
	fbt_filt = ips;
	fbt_nfilt = nfilt;
	kvfree(add);
	kvfree(rem);
	if (old != NULL) {
		synchronize_rcu();	/* handlers run with preemption off */
		kvfree(old);
	}
	return err;
}

static void fbt_create(const char *func, u32 fn, bool ret)
{
	size_t len = strlen(func) + 1;
	struct fbt_probe *fp;
	int id;

	if (len > DTRACE_CORE_FUNCNAMELEN)
		return;
	fp = kzalloc(sizeof(*fp) + len, GFP_KERNEL);
	if (fp == NULL)
		return;
	memcpy(fp->sym, func, len);
	fp->fn = fn;
	fp->ret = ret;
	id = dtrace_probe_create(dtrace_core, fbt_prov, "vmlinux", func,
				 ret ? "return" : "entry", fp);
	if (id < 0) {
		kfree(fp);	/* -EEXIST: a duplicate static name */
		return;
	}
	fp->id = id;
	fp->next = fbt_all;
	fbt_all = fp;
}

static void fbt_provide(void *parg, const struct dtrace_pattern *pat)
{
	bool entry, ret;
	u32 i, n;

	if (pat->id != 0 || !dtrace_glob(pat->mod, "vmlinux"))
		return;
	/* Only descriptions that name fbt or a function create probes. */
	if ((pat->prov == NULL || pat->prov[0] == '\0') &&
	    (pat->func == NULL || pat->func[0] == '\0'))
		return;
	entry = dtrace_glob(pat->name, "entry");
	ret = dtrace_glob(pat->name, "return");
	if ((!entry && !ret) || dtrace_fbt_funcs_load() != 0)
		return;
	n = dtrace_fbt_nfuncs();
	for (i = 0; i < n; i++) {
		const char *f = dtrace_fbt_func(i);

		if ((i & 1023) == 0)
			cond_resched();	/* 42,000 functions under emulation */
		if (!dtrace_glob(pat->func, f))
			continue;
		if (entry)
			fbt_create(f, i, false);
		if (ret)
			fbt_create(f, i, true);
	}
}

static const struct dtrace_provider_ops fbt_ops = {
	.provide	= fbt_provide,
	.enable		= fbt_enable,
	.disable	= fbt_disable,
	.commit		= fbt_commit,
};

int dtrace_prov_fbt_init(struct dtrace_core *core)
{
	return dtrace_provider_register(core, "fbt", &fbt_ops, NULL, &fbt_prov);
}

void dtrace_prov_fbt_fini(struct dtrace_core *core)
{
	struct fbt_probe *fp;

	if (fbt_prov != NULL && dtrace_provider_unregister(core, fbt_prov) != 0)
		pr_err("dtrace: fbt provider still enabled at unload\n");
	fbt_prov = NULL;
	for (fp = fbt_all; fp != NULL; fp = fp->next)
		fbt_disable(NULL, fp->id, fp);
	fbt_commit(NULL);
	if (fbt_registered)	/* the commit failed: no memory */
		unregister_ftrace_function(&fbt_fops);
	fbt_registered = false;
	while (fbt_all != NULL) {
		fp = fbt_all;
		fbt_all = fp->next;
		kfree(fp);
	}
	kvfree(rcu_dereference_protected(fbt_map, true));
	RCU_INIT_POINTER(fbt_map, NULL);
	kvfree(fbt_filt);
	fbt_filt = NULL;
	fbt_nfilt = 0;
	ftrace_free_filter(&fbt_fops);
	ftrace_free_filter(&fbt_probe_ops);
	dtrace_fbt_funcs_free();
}

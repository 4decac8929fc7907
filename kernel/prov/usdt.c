// SPDX-License-Identifier: GPL-2.0
/*
 * USDT helpers: DTRACEHIOC_ADDPROG and DTRACEHIOC_REMOVE, called by a
 * process (drti) about its own memory, without privileges. ADDPROG
 * reads a DTRACE_PROGF_HELPER program (prog.h, doc/program.md §9),
 * checks every table, offset and string, maps each site address
 * (dthp_base + offset; base 0 means the offsets are addresses) to the
 * file and file offset of its executable mapping, and creates the
 * providers name<pid> with their probes for the calling process as one
 * generation. A semaphore must lie in a file mapping of the same object
 * (the uprobe reference counter is a file offset of the probed inode).
 * Call sites take their arguments from the calling convention's
 * argument registers (then the stack, before the call).
 *
 * Any process may call, so everything is bounded (limits.h, "helper
 * door"): the program's size and strings before anything is allocated,
 * what a process and all processes hold (usdt_charge.c), and the names:
 * a provider name may not end in a digit nor be a kernel provider's or
 * "pid", so name<pid> is this process's alone.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "linux/glue.h"
#include "core/util.h"
#include "prov/uprobe.h"
#include "dtrace/limits.h"
#include "dtrace/prog.h"

struct usdt_view {
	const char *str;
	const struct dtrace_prog_provider *provs;
	const struct dtrace_prog_usdt *usdts;
	const uint64_t *offs;
	uint32_t nstr, nprovs, nusdts, noffs;
};

/* Where a site or semaphore is: the mapped file and the offset in it. */
struct usdt_loc {
	struct path path;
	loff_t off;
};

static const uint32_t usdt_entsize[DTRACE_PT_NTABLES] = {
	[DTRACE_PT_STRTAB] = 1,
	[DTRACE_PT_PROVIDERS] = sizeof(struct dtrace_prog_provider),
	[DTRACE_PT_USDT] = sizeof(struct dtrace_prog_usdt),
	[DTRACE_PT_OFFSETS] = sizeof(uint64_t),
};

static bool usdt_str_ok(const struct usdt_view *v, uint32_t off, size_t max)
{
	return dtrace_str_in(v->str, v->nstr, off, max);
}

/*
 * A provider name is a D identifier that does not end in a digit, and
 * not "pid": once the pid is appended, nobody else's provider can read
 * the same (pid 34's "pid12" would be "pid1234").
 */
static int usdt_prov_name_ok(const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < n; i++)
		if (!isalpha(name[i]) && name[i] != '_' &&
		    (i == 0 || !isdigit(name[i])))
			return -EINVAL;
	if (n == 0)
		return -EINVAL;
	if (isdigit(name[n - 1]) || strcmp(name, "pid") == 0)
		return -EPERM;
	return 0;
}

static bool usdt_slice_ok(uint32_t first, uint32_t n, uint32_t total)
{
	return (uint64_t)first + n <= total;
}

static int usdt_check_tables(const void *blob, size_t size, struct usdt_view *v)
{
	const struct dtrace_prog_hdr *h = blob;
	const char *b = blob;
	uint32_t t;

	if (size < sizeof(*h) || h->dtph_magic != DTRACE_PROG_MAGIC ||
	    h->dtph_version != DTRACE_PROG_VERSION ||
	    h->dtph_hdrsize != sizeof(*h) || h->dtph_size != size ||
	    h->dtph_flags != DTRACE_PROGF_HELPER ||
	    memchr_inv(h->dtph_pad, 0, sizeof(h->dtph_pad)) != NULL)
		return -EINVAL;
	for (t = 0; t < DTRACE_PT_NTABLES; t++) {
		const struct dtrace_prog_tab *tab = &h->dtph_tab[t];

		if (tab->dtpt_count == 0)
			continue;
		if (usdt_entsize[t] == 0 || tab->dtpt_off % 8 != 0 ||
		    tab->dtpt_off < sizeof(*h) ||
		    tab->dtpt_off + (uint64_t)tab->dtpt_count *
					    usdt_entsize[t] >
			    size)
			return -EINVAL;
	}
#define USDT_TAB(t) (b + h->dtph_tab[t].dtpt_off)
	v->str = USDT_TAB(DTRACE_PT_STRTAB);
	v->provs = (const void *)USDT_TAB(DTRACE_PT_PROVIDERS);
	v->usdts = (const void *)USDT_TAB(DTRACE_PT_USDT);
	v->offs = (const void *)USDT_TAB(DTRACE_PT_OFFSETS);
#undef USDT_TAB
	v->nstr = h->dtph_tab[DTRACE_PT_STRTAB].dtpt_count;
	v->nprovs = h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_count;
	v->nusdts = h->dtph_tab[DTRACE_PT_USDT].dtpt_count;
	v->noffs = h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_count;
	return 0;
}

/*
 * Everything the blob alone decides, before any lock: well formed
 * (-EINVAL), names (usdt_prov_name_ok), argument types no longer than
 * DTRACE_HELPER_ARGTYPES_MAX (-E2BIG), and no more providers, probes or
 * sites than one process may hold (-ENOSPC; slices may overlap, so the
 * sites are summed).
 */
static int usdt_check(const void *blob, size_t size, struct usdt_view *v)
{
	uint64_t nsites = 0;
	uint32_t i;
	int err;

	if (usdt_check_tables(blob, size, v) != 0 ||
	    (v->nstr > 0 && v->str[v->nstr - 1] != '\0'))
		return -EINVAL;
	for (i = 0; i < v->nprovs; i++) {
		const struct dtrace_prog_provider *p = &v->provs[i];

		if (!usdt_str_ok(v, p->dtpv_name, DTRACE_PROVNAMELEN) ||
		    p->dtpv_pad != 0 ||
		    !usdt_slice_ok(p->dtpv_usdt, p->dtpv_nusdt, v->nusdts))
			return -EINVAL;
		err = usdt_prov_name_ok(v->str + p->dtpv_name);
		if (err != 0)
			return err;
	}
	for (i = 0; i < v->nusdts; i++) {
		const struct dtrace_prog_usdt *u = &v->usdts[i];

		if (!usdt_str_ok(v, u->dtpu_func, DTRACE_FUNCNAMELEN) ||
		    !usdt_str_ok(v, u->dtpu_name, DTRACE_NAMELEN) ||
		    !usdt_str_ok(v, u->dtpu_argtypes, v->nstr + 1) ||
		    u->dtpu_nargs > DTRACE_MAXARGS ||
		    !usdt_slice_ok(u->dtpu_offs, u->dtpu_noffs, v->noffs) ||
		    !usdt_slice_ok(u->dtpu_enoffs, u->dtpu_nenoffs, v->noffs))
			return -EINVAL;
		if (!usdt_str_ok(v, u->dtpu_argtypes,
				 DTRACE_HELPER_ARGTYPES_MAX))
			return -E2BIG;
		nsites += (uint64_t)u->dtpu_noffs + u->dtpu_nenoffs;
	}
	if (v->nprovs > DTRACE_HELPER_PROC_PROVIDERS ||
	    v->nusdts > DTRACE_HELPER_PROC_PROBES ||
	    v->noffs > DTRACE_HELPER_PROC_SITES ||
	    nsites > DTRACE_HELPER_PROC_SITES)
		return -ENOSPC;
	return 0;
}

/* Caller holds mmap_read_lock(mm). */
static int usdt_locate(struct mm_struct *mm, uint64_t addr, bool exec,
		       struct usdt_loc *l)
{
	struct vm_area_struct *vma = dtrace_vma_lookup(mm, addr);

	if (vma == NULL || vma->vm_file == NULL ||
	    (exec && !(vma->vm_flags & VM_EXEC)))
		return -EINVAL;
	l->path = vma->vm_file->f_path;
	path_get(&l->path);
	l->off = addr - vma->vm_start + ((loff_t)vma->vm_pgoff << PAGE_SHIFT);
	return 0;
}

static void usdt_locs_free(struct usdt_loc *locs, uint32_t n)
{
	uint32_t i;

	for (i = 0; locs != NULL && i < n; i++)
		if (locs[i].path.dentry != NULL)
			path_put(&locs[i].path);
	kvfree(locs);
}

/* locs[0..noffs): the sites; locs[noffs + j]: usdt j's semaphore. */
static int usdt_resolve(const struct dtrace_helper *h,
			const struct usdt_view *v, struct usdt_loc **out)
{
	struct mm_struct *mm = current->mm;
	uint32_t i, n = v->noffs + v->nusdts;
	struct usdt_loc *locs;
	int err = 0;

	if (v->noffs > READ_ONCE(dtrace_uprobe_max_sites))
		return -ENOSPC;
	locs = kvcalloc(n, sizeof(*locs), GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (locs == NULL && n > 0)
		return -ENOMEM;
	mmap_read_lock(mm);
	for (i = 0; i < v->noffs && err == 0; i++)
		err = usdt_locate(mm, h->dthp_base + v->offs[i], true,
				  &locs[i]);
	for (i = 0; i < v->nusdts && err == 0; i++)
		if (v->usdts[i].dtpu_semaphore != 0)
			err = usdt_locate(
				mm, h->dthp_base + v->usdts[i].dtpu_semaphore,
				false, &locs[v->noffs + i]);
	mmap_read_unlock(mm);
	if (err != 0) {
		usdt_locs_free(locs, n);
		return err;
	}
	*out = locs;
	return 0;
}

/*
 * Adds one site per OFFSETS entry of the slice to p, which is new: no
 * search for duplicates (a site listed twice fires twice, for this
 * process only). -EINVAL: the semaphore is in another file.
 */
static int usdt_sites(struct up_probe *p, const struct usdt_loc *locs,
		      uint32_t first, uint32_t n, const struct usdt_loc *sem,
		      uint32_t kind)
{
	uint32_t i;
	int err = 0;

	for (i = first; i < first + n; i++) {
		const struct usdt_loc *l = &locs[i];
		struct up_site *s;

		if (sem->path.dentry != NULL &&
		    d_real_inode(sem->path.dentry) !=
			    d_real_inode(l->path.dentry))
			return -EINVAL;
		s = dtrace_up_site_new(&l->path, l->off,
				       sem->path.dentry != NULL ? sem->off : 0,
				       kind, &err);
		if (s == NULL)
			return err;
		if (kind == DTRACE_UP_USDT) {
			dtrace_up_abi_args(s->args, UP_ABI_CALL);
			s->nargs = p->nargs;
			s->sp_skip = dtrace_up_call_sp_skip(p->nargs);
		}
		dtrace_up_site_push(p, s);
	}
	return 0;
}

static int usdt_probe(struct up_proc *proc, const char *prov,
		      const struct dtrace_helper *h, const struct usdt_view *v,
		      uint32_t j, const struct usdt_loc *locs, uint32_t gen)
{
	const struct dtrace_prog_usdt *u = &v->usdts[j];
	const struct usdt_loc *sem = &locs[v->noffs + j];
	const char *types = v->str + u->dtpu_argtypes;
	struct up_charge c = { .probes = 1 };
	struct up_probe *p;
	int err = 0;

	c.sites = u->dtpu_noffs + u->dtpu_nenoffs; /* usdt_check bounds */
	c.bytes = dtrace_up_probe_bytes(strlen(types), c.sites);
	err = dtrace_up_charge(proc, &c);
	if (err != 0)
		return err;
	p = dtrace_up_probe_get(proc, prov, h->dthp_mod, v->str + u->dtpu_func,
				v->str + u->dtpu_name, gen, true, &err);
	if (p == NULL) {
		dtrace_up_uncharge(proc, &c);
		return err;
	}
	p->csites = c.sites; /* given back when p is freed */
	p->cbytes = c.bytes;
	p->nargs = u->dtpu_nargs;
	p->argtypes = kstrdup(types, GFP_KERNEL_ACCOUNT);
	if (p->argtypes == NULL)
		return -ENOMEM;
	err = usdt_sites(p, locs, u->dtpu_offs, u->dtpu_noffs, sem,
			 DTRACE_UP_USDT);
	if (err == 0)
		err = usdt_sites(p, locs, u->dtpu_enoffs, u->dtpu_nenoffs, sem,
				 DTRACE_UP_USDT_ENABLED);
	return err;
}

static void usdt_gen_kill(struct up_proc *proc, uint32_t gen)
{
	struct up_probe *p;

	for (p = proc->probes; p != NULL; p = p->next)
		if (p->gen == gen)
			dtrace_up_probe_kill(p);
	dtrace_up_reap_proc(proc); /* may free proc */
}

static void usdt_gen_free(struct up_proc *proc, struct up_gen *g)
{
	struct up_charge c = { .gens = 1, .bytes = dtrace_up_gen_bytes() };

	dtrace_up_uncharge(proc, &c);
	kfree(g);
}

/*
 * The running enablings' ECBs for generation gen's probes, complete with
 * their sites (late.c). A probe refused there is counted by its state;
 * the registration stands either way, also for a caller killed meanwhile.
 */
static void usdt_match_new(struct up_proc *proc, uint32_t gen)
{
	struct up_probe *p;
	uint32_t *ids, n = 0;

	if (dtrace_core->states == NULL)
		return; /* nobody traces: nothing to match */
	for (p = proc->probes; p != NULL; p = p->next)
		n += p->gen == gen;
	ids = kvmalloc_array(n ? n : 1, sizeof(*ids), GFP_KERNEL_ACCOUNT);
	if (ids == NULL)
		return; /* as a probe refused */
	n = 0;
	for (p = proc->probes; p != NULL; p = p->next)
		if (p->gen == gen)
			ids[n++] = p->id;
	dtrace_core_match_new(dtrace_core, ids, n);
	kvfree(ids);
}

/* Under dtrace_lock: one generation of providers and probes. */
static int usdt_create(struct dtrace_helper *h, const struct usdt_view *v,
		       const struct usdt_loc *locs)
{
	struct up_charge c = { .gens = 1, .bytes = dtrace_up_gen_bytes() };
	char prov[DTRACE_PROVNAMELEN];
	struct up_proc *proc;
	struct up_gen *g;
	uint32_t i, j;
	int err = 0;

	proc = dtrace_up_proc_get(current, &err);
	if (proc == NULL)
		return err;
	err = dtrace_up_charge(proc, &c);
	if (err != 0)
		return err;
	g = kzalloc(sizeof(*g), GFP_KERNEL_ACCOUNT);
	if (g == NULL) {
		dtrace_up_uncharge(proc, &c);
		return -ENOMEM;
	}
	g->gen = ++proc->lastgen;
	for (i = 0; i < v->nprovs && err == 0; i++) {
		const struct dtrace_prog_provider *pv = &v->provs[i];
		const char *name = v->str + pv->dtpv_name;

		/* "fbt" + pid would pass for the kernel's under fbt*. */
		if (dtrace_provider_lookup(dtrace_core, name) != NULL)
			err = -EPERM;
		else if (snprintf(prov, sizeof(prov), "%s%d", name,
				  current->tgid) >= sizeof(prov))
			err = -EINVAL;
		for (j = 0; j < pv->dtpv_nusdt && err == 0; j++)
			err = usdt_probe(proc, prov, h, v, pv->dtpv_usdt + j,
					 locs, g->gen);
	}
	if (err == 0)
		err = dtrace_up_proc_check(proc, current);
	if (err != 0) {
		j = g->gen;
		usdt_gen_free(proc, g);
		usdt_gen_kill(proc, j);
		return err;
	}
	g->next = proc->gens;
	proc->gens = g;
	h->dthp_gen = g->gen;
	usdt_match_new(proc, g->gen);
	return 0;
}

int dtrace_helper_add_ioctl(void __user *arg)
{
	struct usdt_loc *locs = NULL;
	struct dtrace_helper h;
	struct usdt_view v;
	void *blob;
	int err;

	if (copy_from_user(&h, arg, sizeof(h)))
		return -EFAULT;
	if (h.dthp_size > DTRACE_HELPER_MAXSIZE)
		return -E2BIG;
	if (strnlen(h.dthp_mod, sizeof(h.dthp_mod)) == sizeof(h.dthp_mod) ||
	    h.dthp_size < sizeof(struct dtrace_prog_hdr))
		return -EINVAL;
	blob = kvmalloc(h.dthp_size, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (blob == NULL)
		return -ENOMEM;
	err = copy_from_user(blob, u64_to_user_ptr(h.dthp_prog), h.dthp_size) ?
		      -EFAULT :
		      usdt_check(blob, h.dthp_size, &v);
	if (err == 0)
		err = usdt_resolve(&h, &v, &locs);
	if (err == 0) {
		mutex_lock(&dtrace_lock);
		err = usdt_create(&h, &v, locs);
		mutex_unlock(&dtrace_lock);
		usdt_locs_free(locs, v.noffs + v.nusdts);
	}
	kvfree(blob);
	if (err == 0 && copy_to_user(arg, &h, sizeof(h)))
		err = -EFAULT;
	return err;
}

int dtrace_helper_remove_ioctl(void __user *arg)
{
	struct dtrace_helper h;
	struct up_proc *proc;
	struct up_gen **gp, *g = NULL;
	int err = 0;

	if (copy_from_user(&h, arg, sizeof(h)))
		return -EFAULT;
	mutex_lock(&dtrace_lock);
	proc = dtrace_up_proc_get(current, &err);
	for (gp = proc != NULL ? &proc->gens : NULL; gp != NULL && *gp != NULL;
	     gp = &(*gp)->next) {
		if ((*gp)->gen == h.dthp_gen) {
			g = *gp;
			*gp = g->next;
			break;
		}
	}
	if (g != NULL) {
		uint32_t gen = g->gen;

		usdt_gen_free(proc, g);
		usdt_gen_kill(proc, gen);
	} else if (err == 0) {
		err = -EINVAL;
	}
	mutex_unlock(&dtrace_lock);
	return err;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * User-space probes: the bookkeeping behind the pid and USDT providers
 * (uprobe.h has the model). Providers are named by whoever creates them
 * (pid1234, myapp1234) and registered with the core on first use; a
 * probe's sites are uprobe consumers, registered with uprobes while the
 * probe is enabled. Nothing here runs in probe context (uprobe_fire.c).
 *
 * Process death: the sched_process_exit (last thread) and
 * sched_process_exec tracepoints mark the process dead without locks
 * beyond up_lock and queue the reaper, which disarms its probes and
 * removes them from the core once no tracing state refers to them (a
 * running consumer keeps them, disarmed, until it closes: the reaper
 * retries every second). Module unload removes everything.
 */
#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/hash.h>
#include <linux/moduleparam.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>
#include <trace/events/sched.h>

#include "linux/glue.h"
#include "prov/linux_provs.h"
#include "prov/uprobe.h"

unsigned int dtrace_uprobe_max_sites = 100000;
module_param_named(uprobe_max_sites, dtrace_uprobe_max_sites, uint, 0644);
MODULE_PARM_DESC(uprobe_max_sites, "most user probe sites at once");

/*
 * Changed under dtrace_lock and up_lock; walked under either. Hashed by
 * tgid: every process exit in the system looks its tgid up.
 */
#define UP_PROC_BITS 8
static struct hlist_head up_procs[1 << UP_PROC_BITS];
static unsigned int up_nprocs;
static DEFINE_SPINLOCK(up_lock);
static unsigned int up_nsites;

static struct hlist_head *up_bucket(pid_t tgid)
{
	return &up_procs[hash_32((u32)tgid, UP_PROC_BITS)];
}

static void up_reap_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(up_reap_work, up_reap_work_fn);

/*
 * Sites disarmed since the last wait for their handlers (dtrace_lock):
 * their memory may not be freed, nor their consumer registered again,
 * before up_sync() (see dtrace_uprobe_unregister_nosync).
 */
static bool up_unsynced;

static void up_sync(void)
{
	if (!up_unsynced)
		return;
	dtrace_uprobe_unregister_sync();
	up_unsynced = false;
}

static void up_site_arm(struct up_site *s)
{
	int err;

	if (s->armed)
		return;
	up_sync();
	dtrace_up_site_callbacks(s);
	err = dtrace_uprobe_register(s->inode, s->off, s->refctr, &s->uc,
				     &s->uprobe);
	if (err != 0) {
		/* Like fbt: the probe stays enabled and never fires here. */
		pr_info_ratelimited("dtrace: no uprobe at %pd+%#llx: %d\n",
				    s->path.dentry, (unsigned long long)s->off,
				    err);
		return;
	}
	s->armed = true;
}

static void up_site_disarm(struct up_site *s)
{
	if (!s->armed)
		return;
	/* No new calls; running handlers may go on until up_sync(). */
	dtrace_uprobe_unregister_nosync(s->inode, s->off, &s->uc, s->uprobe);
	s->armed = false;
	up_unsynced = true;
}

static int up_enable(void *parg, uint32_t id, void *prarg)
{
	struct up_probe *p = prarg;
	struct up_site *s;

	if (p->dead)
		return 0;
	p->enabled = true;
	for (s = p->sites; s != NULL; s = s->next)
		up_site_arm(s);
	return 0;
}

static void up_disable(void *parg, uint32_t id, void *prarg)
{
	struct up_probe *p = prarg;
	struct up_site *s;

	p->enabled = false;
	for (s = p->sites; s != NULL; s = s->next)
		up_site_disarm(s);
}

/* Field ndx of the ';'-separated native types ("uint64_t" if absent). */
static int up_getargdesc(void *parg, uint32_t id, void *prarg, uint32_t ndx,
			 struct dtrace_core_argdesc *out)
{
	const struct up_probe *p = prarg;
	const char *t = p->argtypes;
	uint32_t i;
	size_t len;

	if (ndx >= p->nargs)
		return -EINVAL;
	for (i = 0; i < ndx && t != NULL; i++) {
		t = strchr(t, ';');
		if (t != NULL)
			t++;
	}
	if (t != NULL)
		t = skip_spaces(t);
	len = t != NULL ? strcspn(t, ";") : 0;
	while (len > 0 && isspace(t[len - 1]))
		len--;
	if (len == 0) {
		t = "uint64_t";
		len = strlen(t);
	}
	len = min(len, sizeof(out->native) - 1);
	memcpy(out->native, t, len);
	out->native[len] = '\0';
	out->mapping = ndx;
	return 0;
}

static const struct dtrace_provider_ops up_ops = {
	.enable = up_enable,
	.disable = up_disable,
	.getargdesc = up_getargdesc,
	.getarg = dtrace_up_getarg,
};

struct up_site *dtrace_up_site_new(const struct path *path, loff_t off,
				   loff_t refctr, uint32_t kind, int *err)
{
	struct up_site *s;

	if (up_nsites >= READ_ONCE(dtrace_uprobe_max_sites)) {
		*err = -ENOSPC;
		return NULL;
	}
	s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
	if (s == NULL) {
		*err = -ENOMEM;
		return NULL;
	}
	s->path = *path;
	path_get(&s->path);
	s->inode = d_real_inode(path->dentry);
	s->off = off;
	s->refctr = refctr;
	s->kind = kind;
	up_nsites++;
	return s;
}

void dtrace_up_site_free(struct up_site *s)
{
	path_put(&s->path);
	kfree(s);
	up_nsites--;
}

void dtrace_up_site_add(struct up_probe *p, struct up_site *s)
{
	struct up_site *q;

	for (q = p->sites; q != NULL; q = q->next) {
		if (q->inode == s->inode && q->off == s->off &&
		    q->kind == s->kind) {
			dtrace_up_site_free(s);
			return;
		}
	}
	dtrace_up_site_push(p, s);
}

void dtrace_up_site_push(struct up_probe *p, struct up_site *s)
{
	s->probe = p;
	s->next = p->sites;
	p->sites = s;
	if (p->enabled && !p->dead)
		up_site_arm(s);
}

void dtrace_up_probe_kill(struct up_probe *p)
{
	struct up_site *s;

	if (p->dead)
		return;
	for (s = p->sites; s != NULL; s = s->next)
		up_site_disarm(s);
	p->dead = true;
}

static void up_probe_free(struct up_probe *p)
{
	if (p->gen != 0) {
		struct up_charge c = {
			.probes = 1,
			.sites = p->csites,
			.bytes = p->cbytes,
		};

		dtrace_up_uncharge(p->proc, &c);
	}
	up_sync(); /* its sites' handlers may still be running */
	while (p->sites != NULL) {
		struct up_site *s = p->sites;

		p->sites = s->next;
		dtrace_up_site_free(s);
	}
	kfree(p->argtypes);
	kfree(p);
}

static struct up_charge up_prov_charge(void)
{
	return (struct up_charge){ .provs = 1,
				   .bytes = dtrace_up_prov_bytes() };
}

/* Unregisters the providers of proc that have no probe left. */
static void up_provs_reap(struct up_proc *proc)
{
	struct up_prov **pp = &proc->provs, *up;

	while ((up = *pp) != NULL) {
		if (up->prov->nprobes != 0 ||
		    dtrace_provider_unregister(dtrace_core, up->prov) != 0) {
			pp = &up->next;
			continue;
		}
		*pp = up->next;
		if (up->charged) {
			struct up_charge c = up_prov_charge();

			dtrace_up_uncharge(proc, &c);
		}
		kfree(up);
	}
}

static struct up_prov *up_prov_get(struct up_proc *proc, const char *name,
				   bool helper, int *err)
{
	struct up_charge c = up_prov_charge();
	struct up_prov *up;

	for (up = proc->provs; up != NULL; up = up->next)
		if (strcmp(up->prov->name, name) == 0)
			return up;
	if (helper) {
		*err = dtrace_up_charge(proc, &c);
		if (*err != 0)
			return NULL;
	}
	up = kzalloc(sizeof(*up), GFP_KERNEL_ACCOUNT);
	/* Taken: by another process (or its dead image), or the kernel's. */
	*err = up == NULL ? -ENOMEM :
			    dtrace_provider_register(dtrace_core, name, &up_ops,
						     proc, &up->prov);
	if (*err != 0) {
		if (helper)
			dtrace_up_uncharge(proc, &c);
		kfree(up);
		return NULL;
	}
	up->charged = helper;
	up->next = proc->provs;
	proc->provs = up;
	return up;
}

static struct up_probe *up_probe_find(struct up_proc *proc,
				      const struct dtrace_provider *prov,
				      const char *mod, const char *func,
				      const char *name)
{
	struct up_probe *p;

	for (p = proc->probes; p != NULL; p = p->next) {
		const struct dtrace_probe *cp;

		cp = dtrace_probe_lookup(dtrace_core, p->id);
		if (cp != NULL && cp->prov == prov &&
		    strcmp(cp->mod, mod) == 0 && strcmp(cp->func, func) == 0 &&
		    strcmp(cp->name, name) == 0)
			return p;
	}
	return NULL;
}

struct up_probe *dtrace_up_probe_get(struct up_proc *proc, const char *prov,
				     const char *mod, const char *func,
				     const char *name, uint32_t gen, bool excl,
				     int *err)
{
	struct up_prov *up = up_prov_get(proc, prov, gen != 0, err);
	struct up_probe *p;
	int id;

	if (up == NULL)
		return NULL;
	p = kzalloc(sizeof(*p), GFP_KERNEL_ACCOUNT);
	if (p == NULL) {
		*err = -ENOMEM;
		goto fail;
	}
	id = dtrace_probe_create(dtrace_core, up->prov, mod, func, name, p);
	if (id == -EEXIST) {
		kfree(p);
		p = up_probe_find(proc, up->prov, mod, func, name);
		if (p != NULL && !p->dead && !excl)
			return p;
		*err = -EEXIST;
		return NULL;
	}
	if (id < 0) {
		kfree(p);
		*err = id;
		goto fail;
	}
	p->id = id;
	p->proc = proc;
	p->gen = gen;
	p->next = proc->probes;
	proc->probes = p;
	return p;
fail:
	up_provs_reap(proc);
	return NULL;
}

struct up_proc *dtrace_up_proc_get(struct task_struct *task, int *err)
{
	struct mm_struct *mm = get_task_mm(task);
	struct up_proc *proc;

	if (mm == NULL) {
		*err = -ENOENT;
		return NULL;
	}
	hlist_for_each_entry(proc, up_bucket(task->tgid), hnode)
		if (proc->tgid == task->tgid && proc->mm == mm &&
		    !READ_ONCE(proc->dead))
			goto out;
	proc = kzalloc(sizeof(*proc), GFP_KERNEL_ACCOUNT);
	if (proc == NULL) {
		mmput(mm);
		*err = -ENOMEM;
		return NULL;
	}
	proc->tgid = task->tgid;
	proc->mm = mm;
	mmgrab(mm);
	spin_lock(&up_lock);
	hlist_add_head(&proc->hnode, up_bucket(proc->tgid));
	WRITE_ONCE(up_nprocs, up_nprocs + 1);
	spin_unlock(&up_lock);
out:
	mmput(mm);
	return proc;
}

static void up_mark_dead(struct up_proc *proc)
{
	spin_lock(&up_lock);
	WRITE_ONCE(proc->dead, true);
	spin_unlock(&up_lock);
}

/*
 * proc is on up_procs now, so an exit from here on is seen by the exit
 * tracepoint; one that happened before is seen here.
 */
int dtrace_up_proc_check(struct up_proc *proc, struct task_struct *task)
{
	struct mm_struct *mm;

	smp_mb();
	mm = get_task_mm(task);
	if (mm != NULL)
		mmput(mm);
	if (mm == proc->mm && atomic_read(&task->signal->live) != 0 &&
	    !READ_ONCE(proc->dead))
		return 0;
	up_mark_dead(proc);
	/* The reaper frees it: the caller may still use proc meanwhile. */
	mod_delayed_work(system_wq, &up_reap_work, 0);
	return -ENOENT;
}

static void up_proc_free(struct up_proc *proc)
{
	struct up_charge c = { .gens = 1, .bytes = dtrace_up_gen_bytes() };

	while (proc->gens != NULL) {
		struct up_gen *g = proc->gens;

		proc->gens = g->next;
		kfree(g);
		dtrace_up_uncharge(proc, &c);
	}
	dtrace_up_user_put(proc);
	mmdrop(proc->mm);
	kfree(proc);
}

/* The buckets to walk for only, or for every process (NULL). */
static struct hlist_head *up_procs_from(const struct up_proc *only)
{
	return only != NULL ? up_bucket(only->tgid) : up_procs;
}

static struct hlist_head *up_procs_to(const struct up_proc *only)
{
	return only != NULL ? up_bucket(only->tgid) + 1 :
			      up_procs + ARRAY_SIZE(up_procs);
}

/* Each process (only == NULL), or only only: its bucket, filtered. */
#define up_for_procs(only, b, proc)                               \
	for (b = up_procs_from(only); b < up_procs_to(only); b++) \
		hlist_for_each_entry(proc, b, hnode)              \
			if ((only) == NULL || proc == (only))

/* Puts proc's dead probes' ids at ids[*k...] (ids NULL: counts them). */
static void up_dead_ids(struct up_proc *proc, uint32_t *ids, uint32_t *k)
{
	struct up_probe *p;

	for (p = proc->probes; p != NULL; p = p->next)
		if (p->dead) {
			if (ids != NULL)
				ids[*k] = p->id;
			(*k)++;
		}
}

/*
 * Frees proc's dead probes the core removed (their ids[*k...] set to 0:
 * the dead probes are still in list order); false if some remain.
 */
static bool up_dead_free(struct up_proc *proc, const uint32_t *ids, uint32_t *k)
{
	struct up_probe **pp = &proc->probes, *p;
	bool done = true;

	while ((p = *pp) != NULL) {
		if (!p->dead || ids[(*k)++] != 0) {
			done &= !p->dead;
			pp = &p->next;
			continue;
		}
		*pp = p->next;
		up_probe_free(p);
	}
	return done;
}

/*
 * Removes the dead probes no state refers to, of only or of every
 * process, in one batch: one wait for firings however many processes
 * died. False if some remain.
 */
static bool up_probes_reap(struct up_proc *only)
{
	struct hlist_head *b;
	struct up_proc *proc;
	uint32_t n = 0, k = 0, *ids;
	bool done = true;

	up_for_procs(only, b, proc) up_dead_ids(proc, NULL, &n);
	if (n == 0)
		return true;
	ids = kvmalloc_array(n, sizeof(*ids), GFP_KERNEL | __GFP_NOWARN);
	if (ids == NULL)
		return false;
	up_for_procs(only, b, proc) up_dead_ids(proc, ids, &k);
	/* A late handler must not fire an id the core may hand out again. */
	up_sync();
	dtrace_probes_remove(dtrace_core, ids, n);
	k = 0;
	up_for_procs(only, b, proc) done &= up_dead_free(proc, ids, &k);
	kvfree(ids);
	return done;
}

/* Kills a dead process's probes (before the batch removes them). */
static void up_proc_kill(struct up_proc *proc)
{
	struct up_probe *p;

	if (READ_ONCE(proc->dead))
		for (p = proc->probes; p != NULL; p = p->next)
			dtrace_up_probe_kill(p);
}

/* After the batch: empty providers go, and the process if dead and empty. */
static void up_proc_settle(struct up_proc *proc)
{
	up_provs_reap(proc);
	if (READ_ONCE(proc->dead) && proc->probes == NULL &&
	    proc->provs == NULL) {
		spin_lock(&up_lock);
		hlist_del(&proc->hnode);
		WRITE_ONCE(up_nprocs, up_nprocs - 1);
		spin_unlock(&up_lock);
		up_proc_free(proc);
	}
}

void dtrace_up_reap(void)
{
	struct hlist_node *tmp;
	struct hlist_head *b;
	struct up_proc *proc;
	bool done;

	up_for_procs(NULL, b, proc) up_proc_kill(proc);
	done = up_probes_reap(NULL);
	for (b = up_procs; b < up_procs + ARRAY_SIZE(up_procs); b++)
		hlist_for_each_entry_safe(proc, tmp, b, hnode)
			up_proc_settle(proc);
	if (!done) /* a consumer still names some: try again later */
		schedule_delayed_work(&up_reap_work, HZ);
}

void dtrace_up_reap_proc(struct up_proc *proc)
{
	bool done;

	up_proc_kill(proc);
	done = up_probes_reap(proc);
	up_proc_settle(proc);
	if (!done)
		schedule_delayed_work(&up_reap_work, HZ);
}

/* Never blocks on dtrace_lock, so fini may cancel it holding the lock. */
static void up_reap_work_fn(struct work_struct *work)
{
	if (!mutex_trylock(&dtrace_lock)) {
		schedule_delayed_work(&up_reap_work, 1);
		return;
	}
	dtrace_up_reap();
	mutex_unlock(&dtrace_lock);
}

/* Tracepoint context: no sleeping, only up_lock. */
static void up_gone(pid_t tgid, const struct mm_struct *keep)
{
	struct up_proc *proc;
	bool any = false;

	if (READ_ONCE(up_nprocs) == 0)
		return;
	spin_lock(&up_lock);
	hlist_for_each_entry(proc, up_bucket(tgid), hnode) {
		if (proc->tgid == tgid && proc->mm != keep && !proc->dead) {
			WRITE_ONCE(proc->dead, true);
			any = true;
		}
	}
	spin_unlock(&up_lock);
	if (any)
		mod_delayed_work(system_wq, &up_reap_work, 0);
}

static void up_on_exit(void *data,
		       struct task_struct *p DTRACE_SCHED_EXIT_EXTRA)
{
	if (atomic_read(&p->signal->live) == 0) /* the last thread */
		up_gone(p->tgid, NULL);
}

static void up_on_exec(void *data, struct task_struct *p, pid_t old_pid,
		       struct linux_binprm *bprm)
{
	up_gone(p->tgid, p->mm);
}

static struct {
	const char *name;
	void *fn;
	struct tracepoint *tp;
	bool on;
} up_tps[] = {
	{ "sched_process_exit", up_on_exit },
	{ "sched_process_exec", up_on_exec },
};

/* kCFI: each handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED(sched_process_exit, up_on_exit)
DTRACE_TP_TYPED(sched_process_exec, up_on_exec)

static void up_tp_find(struct tracepoint *tp, void *priv)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(up_tps); i++)
		if (strcmp(tp->name, up_tps[i].name) == 0)
			up_tps[i].tp = tp;
}

int dtrace_prov_uprobe_init(struct dtrace_core *core)
{
	size_t i;
	int err = 0;

	for_each_kernel_tracepoint(up_tp_find, NULL)
		;
	for (i = 0; i < ARRAY_SIZE(up_tps) && err == 0; i++) {
		err = up_tps[i].tp == NULL ?
			      -ENOENT :
			      tracepoint_probe_register(up_tps[i].tp,
							up_tps[i].fn, NULL);
		up_tps[i].on = err == 0;
	}
	if (err != 0)
		dtrace_prov_uprobe_fini(core);
	return err;
}

void dtrace_prov_uprobe_fini(struct dtrace_core *core)
{
	struct hlist_head *b;
	struct up_proc *proc;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(up_tps); i++) {
		if (up_tps[i].on)
			tracepoint_probe_unregister(up_tps[i].tp, up_tps[i].fn,
						    NULL);
		up_tps[i].on = false;
	}
	tracepoint_synchronize_unregister();
	cancel_delayed_work_sync(&up_reap_work);
	up_for_procs(NULL, b, proc) up_mark_dead(proc);
	dtrace_up_reap(); /* no state is left: everything goes */
	cancel_delayed_work_sync(&up_reap_work);
	up_sync(); /* no handler may outlive the module text */
	if (up_nprocs != 0)
		pr_err("dtrace: user probes still in use at unload\n");
}

/* The ioctls need the tracepoints: without them nothing would be reaped. */
bool dtrace_uprobe_ready(void)
{
	return up_tps[0].on && up_tps[1].on;
}

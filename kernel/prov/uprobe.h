/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space probes on Linux uprobes, shared by the two ways they are
 * created: pid.c (DTRACEIOC_USERPROBE, by a consumer) and usdt.c
 * (DTRACEHIOC_ADDPROG, by the traced process itself). uprobe.c owns the
 * bookkeeping: a traced process (up_proc) has providers (name<pid>) and
 * probes; a probe has one or more sites, each a uprobe consumer on
 * (inode, file offset) that fires for that process alone. Everything
 * here runs under dtrace_lock except the handlers (uprobe_fire.c).
 *
 * Life: sites are registered with uprobes while their probe is enabled.
 * When the process exits or execs (sched tracepoints), or a helper
 * generation is removed, the probes are disarmed at once and removed
 * from the core as soon as no tracing state refers to them any more.
 */
#ifndef _DTRACE_PROV_UPROBE_H
#define _DTRACE_PROV_UPROBE_H

#include <linux/list.h>
#include <linux/path.h>
#include <linux/uprobes.h>

#include "linux/kernel_compat.h"

#include "core/core.h"
#include "dtrace/ioctl.h"

struct mm_struct;
struct up_probe;

struct up_site {
	struct uprobe_consumer uc;
	struct up_site *next; /* the probe's sites */
	struct up_probe *probe;
	struct path path; /* keeps the inode alive */
	struct inode *inode;
	struct uprobe *uprobe; /* 6.12's handle, or NULL */
	loff_t off;	       /* file offset of the site */
	loff_t refctr;	       /* of the semaphore, or 0 */
	uint32_t kind;	       /* DTRACE_UP_* */
	uint32_t nargs;
	uint32_t sp_skip; /* bytes the site moved %rsp by (DTRACE_USDT_SP_SKIP) */
	bool armed;
	struct dtrace_uarg args[DTRACE_MAXARGS];
};

struct up_proc;

/*
 * What helper registrations (DTRACEHIOC_ADDPROG) hold, per process and in
 * all: checked against limits.h's helper limits (usdt_charge.c).
 */
struct up_charge {
	uint32_t gens;
	uint32_t provs;
	uint32_t probes;
	uint32_t sites;
	uint64_t bytes;
};

struct up_probe {
	struct up_probe *next; /* the process's probes */
	struct up_proc *proc;
	struct up_site *sites;
	uint32_t id;
	uint32_t gen;	/* helper generation; 0: USERPROBE */
	uint32_t nargs; /* PROBEARG: how many */
	bool enabled;
	bool dead;	 /* disarmed, to be removed */
	char *argtypes;	 /* ';'-separated, or NULL */
	uint32_t csites; /* charged (helper probes) */
	uint64_t cbytes;
};

struct up_prov {
	struct up_prov *next;
	struct dtrace_provider *prov;
	bool charged; /* created by a helper */
};

struct up_gen {
	struct up_gen *next;
	uint32_t gen;
};

/* A user's helper registrations, all its processes together. */
struct up_user {
	struct hlist_node hnode; /* usdt_charge.c's hash, by uid */
	kuid_t uid;
	bool exempt;	 /* root: the global pool alone */
	uint32_t nprocs; /* up_procs charging it */
	struct up_charge charged;
};

struct up_proc {
	struct hlist_node hnode; /* up_procs, by tgid */
	struct up_user *user;	 /* set by its first helper charge */
	pid_t tgid;		 /* init namespace */
	struct mm_struct *mm;	 /* mmgrab()bed: only compared */
	bool dead;		 /* exited or exec'd */
	uint32_t lastgen;
	struct up_gen *gens; /* live helper generations */
	struct up_prov *provs;
	struct up_probe *probes;
	struct up_charge charged; /* its helper registrations */
};

/* Most sites at once (module parameter uprobe_max_sites). */
extern unsigned int dtrace_uprobe_max_sites;

/*
 * The live record of a process (created if needed) given its task; NULL
 * with *err set when it cannot be traced (-ENOENT: exiting, no mm).
 */
struct up_proc *dtrace_up_proc_get(struct task_struct *task, int *err);
/* After creating: -ENOENT (proc reaped later, by the worker) if it died. */
int dtrace_up_proc_check(struct up_proc *proc, struct task_struct *task);

/*
 * The probe prov:mod:func:name of proc, created with gen if new (gen
 * non-zero: a helper's, its new provider charged to proc). Errors:
 * -EINVAL bad names; -EEXIST it exists and excl is set, or the provider
 * name belongs to another process or provider; -ENOSPC a helper limit.
 */
struct up_probe *dtrace_up_probe_get(struct up_proc *proc, const char *prov,
				     const char *mod, const char *func,
				     const char *name, uint32_t gen, bool excl,
				     int *err);
/* A new site for path at off (path reference taken), not yet added. */
struct up_site *dtrace_up_site_new(const struct path *path, loff_t off,
				   loff_t refctr, uint32_t kind, int *err);
/* Adds s to p (armed if p is enabled) or frees it if p has that site. */
void dtrace_up_site_add(struct up_probe *p, struct up_site *s);
/* Adds s to p without looking for it (p new: O(1) per site). */
void dtrace_up_site_push(struct up_probe *p, struct up_site *s);
void dtrace_up_site_free(struct up_site *s);
/* Disarms p and queues it for removal. */
void dtrace_up_probe_kill(struct up_probe *p);
/* Removes what can be removed now (probes without ECBs, empty procs). */
void dtrace_up_reap(void);
/* The same for one process (proc may be freed). */
void dtrace_up_reap_proc(struct up_proc *proc);

/*
 * usdt_charge.c: takes c from proc's, its user's and the global helper
 * budgets, or -ENOSPC (nothing taken) past a limit; uncharge gives it
 * back. The user is the caller's real uid at proc's first charge (the
 * caller is proc's process); put drops proc's hold on it when proc goes.
 */
int dtrace_up_charge(struct up_proc *proc, const struct up_charge *c);
void dtrace_up_uncharge(struct up_proc *proc, const struct up_charge *c);
void dtrace_up_user_put(struct up_proc *proc);
/* Kernel bytes of a helper probe, provider, generation. */
uint64_t dtrace_up_probe_bytes(size_t argtypes, uint32_t nsites);
uint64_t dtrace_up_prov_bytes(void);
uint64_t dtrace_up_gen_bytes(void);

/* uprobe_fire.c: the consumer callbacks and argument fetching. */
void dtrace_up_site_callbacks(struct up_site *s);
uint64_t dtrace_up_getarg(void *parg, uint32_t id, void *prarg, uint32_t ndx);
/* Is this uarg well formed for this machine's pt_regs? */
bool dtrace_up_uarg_ok(const struct dtrace_uarg *a);
/*
 * The native calling convention's arguments as uargs (fills
 * DTRACE_MAXARGS, returns how many apply): registers, then stack slots
 * above the return address (function entry) or at the stack pointer (a
 * call site, before the call), or registers only (anywhere else).
 */
enum up_abi { UP_ABI_ENTRY, UP_ABI_CALL, UP_ABI_REGS };
uint32_t dtrace_up_abi_args(struct dtrace_uarg *args, enum up_abi where);
/* How far a helper call site of nargs arguments moved the stack pointer. */
uint32_t dtrace_up_call_sp_skip(uint32_t nargs);

/* The ioctls (pid.c, usdt.c); each takes dtrace_lock itself. */
bool dtrace_uprobe_ready(void); /* false: the provider failed to load */
int dtrace_userprobe_ioctl(void __user *arg);
int dtrace_helper_add_ioctl(void __user *arg);
int dtrace_helper_remove_ioctl(void __user *arg);

#endif /* _DTRACE_PROV_UPROBE_H */

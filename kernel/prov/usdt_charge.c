// SPDX-License-Identifier: GPL-2.0
/*
 * The helper door's budgets: what DTRACEHIOC_ADDPROG registrations hold,
 * per process (up_proc.charged) and for all processes together, against
 * the limits of limits.h (doc/limits.md §4), and per user (real uid,
 * root excepted) against half of each global pool. Any process may
 * register USDT probes, so without these one user could take every probe
 * id, uprobe site and byte of kernel memory the module gives out, and
 * every other process's registration would fail. Counted
 * under dtrace_lock; the objects' memory itself is also charged to the
 * caller's memory cgroup (GFP_KERNEL_ACCOUNT).
 */
#include <linux/cred.h>
#include <linux/hashtable.h>
#include <linux/slab.h>

#include "linux/glue.h"
#include "prov/uprobe.h"
#include "dtrace/limits.h"

static struct up_charge up_total;
static DEFINE_HASHTABLE(up_users, 6);

static bool up_fits(const struct up_charge *have, const struct up_charge *c,
		    const struct up_charge *max)
{
	return (uint64_t)have->gens + c->gens <= max->gens &&
	       (uint64_t)have->provs + c->provs <= max->provs &&
	       (uint64_t)have->probes + c->probes <= max->probes &&
	       (uint64_t)have->sites + c->sites <= max->sites &&
	       have->bytes + c->bytes <= max->bytes;
}

static void up_add(struct up_charge *to, const struct up_charge *c, int sign)
{
	to->gens += sign * c->gens;
	to->provs += sign * c->provs;
	to->probes += sign * c->probes;
	to->sites += sign * c->sites;
	to->bytes += sign * (int64_t)c->bytes;
}

/* The caller's user record, made if new; proc holds it from now on. */
static int up_user_attach(struct up_proc *proc)
{
	kuid_t uid = current_uid();
	struct up_user *u;

	hash_for_each_possible(up_users, u, hnode,
			       __kuid_val(uid)) if (uid_eq(u->uid,
							   uid)) goto found;
	u = kzalloc(sizeof(*u), GFP_KERNEL_ACCOUNT);
	if (u == NULL)
		return -ENOMEM;
	u->uid = uid;
	u->exempt = uid_eq(uid, GLOBAL_ROOT_UID);
	hash_add(up_users, &u->hnode, __kuid_val(uid));
found:
	u->nprocs++;
	proc->user = u;
	return 0;
}

void dtrace_up_user_put(struct up_proc *proc)
{
	struct up_user *u = proc->user;

	lockdep_assert_held(&dtrace_lock);
	proc->user = NULL;
	if (u == NULL || --u->nprocs != 0)
		return;
	hash_del(&u->hnode);
	kfree(u);
}

int dtrace_up_charge(struct up_proc *proc, const struct up_charge *c)
{
	static const struct up_charge proc_max = {
		.gens = DTRACE_HELPER_PROC_GENS,
		.provs = DTRACE_HELPER_PROC_PROVIDERS,
		.probes = DTRACE_HELPER_PROC_PROBES,
		.sites = DTRACE_HELPER_PROC_SITES,
		.bytes = DTRACE_HELPER_PROC_BYTES,
	};
	static const struct up_charge user_max = {
		.gens = UINT_MAX, /* bounded by the bytes */
		.provs = DTRACE_HELPER_USER_PROVIDERS,
		.probes = DTRACE_HELPER_USER_PROBES,
		.sites = DTRACE_HELPER_USER_SITES,
		.bytes = DTRACE_HELPER_USER_BYTES,
	};
	static const struct up_charge all_max = {
		.gens = UINT_MAX, /* bounded by the bytes */
		.provs = DTRACE_HELPER_PROVIDERS,
		.probes = DTRACE_HELPER_PROBES,
		.sites = DTRACE_HELPER_SITES,
		.bytes = DTRACE_HELPER_BYTES,
	};
	int err;

	lockdep_assert_held(&dtrace_lock);
	if (proc->user == NULL) {
		err = up_user_attach(proc);
		if (err != 0)
			return err;
	}
	if (c->bytes > DTRACE_HELPER_BYTES ||
	    !up_fits(&proc->charged, c, &proc_max) ||
	    (!proc->user->exempt &&
	     !up_fits(&proc->user->charged, c, &user_max)) ||
	    !up_fits(&up_total, c, &all_max))
		return -ENOSPC;
	up_add(&proc->charged, c, 1);
	up_add(&proc->user->charged, c, 1);
	up_add(&up_total, c, 1);
	return 0;
}

void dtrace_up_uncharge(struct up_proc *proc, const struct up_charge *c)
{
	lockdep_assert_held(&dtrace_lock);
	up_add(&proc->charged, c, -1);
	if (proc->user != NULL)
		up_add(&proc->user->charged, c, -1);
	up_add(&up_total, c, -1);
}

uint64_t dtrace_up_probe_bytes(size_t argtypes, uint32_t nsites)
{
	return sizeof(struct up_probe) + sizeof(struct dtrace_probe) +
	       argtypes + 1 + (uint64_t)nsites * sizeof(struct up_site);
}

uint64_t dtrace_up_prov_bytes(void)
{
	return sizeof(struct up_prov) + sizeof(struct dtrace_provider);
}

uint64_t dtrace_up_gen_bytes(void)
{
	return sizeof(struct up_gen);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The helper door's budgets: what DTRACEHIOC_ADDPROG registrations hold,
 * per process (up_proc.charged) and for all processes together, against
 * the limits of limits.h (doc/limits.md §4). Any process may register
 * USDT probes, so without these one user could take every probe id,
 * uprobe site and byte of kernel memory the module gives out. Counted
 * under dtrace_lock; the objects' memory itself is also charged to the
 * caller's memory cgroup (GFP_KERNEL_ACCOUNT).
 */
#include "linux/glue.h"
#include "prov/uprobe.h"
#include "dtrace/limits.h"

static struct up_charge up_total;

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

int dtrace_up_charge(struct up_proc *proc, const struct up_charge *c)
{
	static const struct up_charge proc_max = {
		.gens = DTRACE_HELPER_PROC_GENS,
		.provs = DTRACE_HELPER_PROC_PROVIDERS,
		.probes = DTRACE_HELPER_PROC_PROBES,
		.sites = DTRACE_HELPER_PROC_SITES,
		.bytes = DTRACE_HELPER_PROC_BYTES,
	};
	static const struct up_charge all_max = {
		.gens = UINT_MAX, /* bounded by the bytes */
		.provs = DTRACE_HELPER_PROVIDERS,
		.probes = DTRACE_HELPER_PROBES,
		.sites = DTRACE_HELPER_SITES,
		.bytes = DTRACE_HELPER_BYTES,
	};

	lockdep_assert_held(&dtrace_lock);
	if (c->bytes > DTRACE_HELPER_BYTES ||
	    !up_fits(&proc->charged, c, &proc_max) ||
	    !up_fits(&up_total, c, &all_max))
		return -ENOSPC;
	up_add(&proc->charged, c, 1);
	up_add(&up_total, c, 1);
	return 0;
}

void dtrace_up_uncharge(struct up_proc *proc, const struct up_charge *c)
{
	lockdep_assert_held(&dtrace_lock);
	up_add(&proc->charged, c, -1);
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

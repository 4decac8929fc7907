// SPDX-License-Identifier: GPL-2.0
/*
 * The cpc provider: cpc:::<event>-<mode>-<count> fires on a CPU each
 * time its perf counter for <event> has counted <count> more, in the
 * context the counter overflowed in. Events are perf's generic ones
 * under perf(1)'s names (software: cpu-clock, task-clock, page-faults,
 * ...; hardware: cpu-cycles, instructions, ...); <mode> is user, kernel
 * or all. Probes are created when a description names one exactly
 * (no globs), as profile's odd rates are.
 *
 * Enabling creates one pinned sampling counter per online CPU
 * (perf_event_create_kernel_counter); disabling releases them. A CPU
 * without the hardware counter (no PMU, e.g. under QEMU TCG) refuses
 * the enabling with EOPNOTSUPP. arg0 = kernel PC or 0, arg1 = user PC
 * or 0.
 */
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "linux/glue.h"
#include "prov/linux_provs.h"

struct cpc_event {
	const char *name;
	u32 type;
	u64 config;
	u64 min; /* smallest count: bounds the firing rate */
};

#define CPC_SW(n, c, m) { n, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c, m },
#define CPC_HW(n, c)	{ n, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c, 5000 },
static const struct cpc_event cpc_events[] = {
#include "dtrace/cpc_events.def"
};

enum { CPC_USER = 1, CPC_KERNEL = 2, CPC_ALL = 3 };

struct cpc_probe {
	struct cpc_probe *next; /* all probes, for teardown */
	const struct cpc_event *ev;
	u64 count;
	int mode;
	uint32_t id;
	struct perf_event **pe; /* per CPU while enabled */
};

static struct dtrace_provider *cpc_prov;
static struct cpc_probe *cpc_all;

static void cpc_overflow(struct perf_event *pe, struct perf_sample_data *sd,
			 struct pt_regs *regs)
{
	struct cpc_probe *cp = pe->overflow_handler_context;
	u64 pc = regs != NULL ? instruction_pointer(regs) : 0;
	bool user = regs != NULL && user_mode(regs);

	dtrace_kstack_top_set(user ? 0 : pc);
	dtrace_core_probe(dtrace_core, cp->id, user ? 0 : pc, user ? pc : 0, 0,
			  0, 0, 0);
	dtrace_kstack_clear();
}

static void cpc_release(struct cpc_probe *cp)
{
	unsigned int cpu;

	if (cp->pe == NULL)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cp->pe[cpu] != NULL)
			perf_event_release_kernel(cp->pe[cpu]);
	kfree(cp->pe);
	cp->pe = NULL;
}

static int cpc_enable(void *parg, uint32_t id, void *prarg)
{
	struct cpc_probe *cp = prarg;
	struct perf_event_attr attr = {
		.type = cp->ev->type,
		.size = sizeof(attr),
		.config = cp->ev->config,
		.sample_period = cp->count,
		.pinned = 1,
		.exclude_user = !(cp->mode & CPC_USER),
		.exclude_kernel = !(cp->mode & CPC_KERNEL),
		.exclude_hv = 1,
	};
	struct perf_event *pe;
	unsigned int cpu;

	cp->pe = kcalloc(nr_cpu_ids, sizeof(*cp->pe), GFP_KERNEL);
	if (cp->pe == NULL)
		return -ENOMEM;
	for_each_online_cpu(cpu) {
		pe = perf_event_create_kernel_counter(&attr, cpu, NULL,
						      cpc_overflow, cp);
		if (!IS_ERR(pe)) {
			cp->pe[cpu] = pe;
			continue;
		}
		if (!cpu_online(cpu))
			continue; /* went offline meanwhile */
		pr_info_ratelimited(
			"dtrace: cpc: no %s counter on CPU %u: %ld\n",
			cp->ev->name, cpu, PTR_ERR(pe));
		cpc_release(cp);
		/* No such counter on this CPU (no PMU): say so plainly. */
		return cp->ev->type == PERF_TYPE_HARDWARE ? -EOPNOTSUPP :
							    PTR_ERR(pe);
	}
	return 0;
}

static void cpc_disable(void *parg, uint32_t id, void *prarg)
{
	cpc_release(prarg);
}

/* "<event>-<mode>-<count>": mode and count are the last two fields. */
static bool cpc_parse(const char *name, const struct cpc_event **ev, int *mode,
		      u64 *count)
{
	const char *c = strrchr(name, '-'), *m;
	size_t elen;
	size_t i;

	if (c == NULL || c == name || kstrtou64(c + 1, 10, count) != 0)
		return false;
	for (m = c - 1; m > name && *m != '-'; m--)
		;
	if (m == name)
		return false;
	if (c - m - 1 == 4 && strncmp(m + 1, "user", 4) == 0)
		*mode = CPC_USER;
	else if (c - m - 1 == 6 && strncmp(m + 1, "kernel", 6) == 0)
		*mode = CPC_KERNEL;
	else if (c - m - 1 == 3 && strncmp(m + 1, "all", 3) == 0)
		*mode = CPC_ALL;
	else
		return false;
	elen = m - name;
	for (i = 0; i < ARRAY_SIZE(cpc_events); i++) {
		if (strlen(cpc_events[i].name) == elen &&
		    strncmp(cpc_events[i].name, name, elen) == 0) {
			*ev = &cpc_events[i];
			return *count >= cpc_events[i].min;
		}
	}
	return false;
}

static void cpc_provide(void *parg, const struct dtrace_pattern *pat)
{
	const struct cpc_event *ev;
	struct cpc_probe *cp;
	u64 count;
	int mode, id;

	if (pat->id != 0 || pat->name == NULL ||
	    strpbrk(pat->name, "*?[\\") != NULL || !dtrace_glob(pat->mod, "") ||
	    !dtrace_glob(pat->func, "") ||
	    !cpc_parse(pat->name, &ev, &mode, &count))
		return;
	cp = kzalloc(sizeof(*cp), GFP_KERNEL);
	if (cp == NULL)
		return;
	cp->ev = ev;
	cp->mode = mode;
	cp->count = count;
	id = dtrace_probe_create(dtrace_core, cpc_prov, "", "", pat->name, cp);
	if (id < 0) {
		kfree(cp); /* -EEXIST: created by an earlier description */
		return;
	}
	cp->id = id;
	cp->next = cpc_all;
	cpc_all = cp;
}

static const struct dtrace_provider_ops cpc_ops = {
	.provide = cpc_provide,
	.enable = cpc_enable,
	.disable = cpc_disable,
};

int dtrace_prov_cpc_init(struct dtrace_core *core)
{
	return dtrace_provider_register(core, "cpc", &cpc_ops, NULL, &cpc_prov);
}

void dtrace_prov_cpc_fini(struct dtrace_core *core)
{
	dtrace_prov_unregister_all(core, &cpc_prov, &cpc_ops, cpc_all);
}

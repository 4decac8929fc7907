// SPDX-License-Identifier: GPL-2.0
/* postmortem/core_prov.h: the probes only name themselves. */
#include "core/core.h"
#include "core/probe.h"
#include "postmortem/core_prov.h"

static const struct dtrace_provider_ops ops = { 0 };

int dtpm_core_prov_init(struct dtrace_core *core, struct dtpm_probes *ids)
{
	struct dtrace_provider *prov;
	int thread, fault;
	int err = dtrace_provider_register(core, "core", &ops, NULL, &prov);

	if (err != 0)
		return err;
	thread = dtrace_probe_create(core, prov, "", "", "thread", NULL);
	fault = dtrace_probe_create(core, prov, "", "", "fault", NULL);
	if (thread < 0 || fault < 0)
		return thread < 0 ? thread : fault;
	ids->thread = (uint32_t)thread;
	ids->fault = (uint32_t)fault;
	return 0;
}

void dtpm_fire(struct dtrace_core *core, uint32_t id, uint64_t a0, uint64_t a1)
{
	dtrace_core_probe(core, id, a0, a1, 0, 0, 0, 0);
}

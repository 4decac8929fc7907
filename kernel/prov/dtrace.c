// SPDX-License-Identifier: GPL-2.0
/*
 * The dtrace provider: dtrace:::BEGIN (fired by GO), dtrace:::END (fired
 * by STOP) and dtrace:::ERROR (fired by the core on a DIF fault). The
 * core fires them itself, so the provider only names them. It is plain
 * core code (no OS calls) and builds into the module and into
 * libdtkcore.a alike.
 */
#include "prov/dtrace.h"

static const struct dtrace_provider_ops dtrace_prov_ops = { 0 };

static struct dtrace_provider *find_self(struct dtrace_core *core)
{
	struct dtrace_provider *p;

	for (p = core->providers; p != NULL; p = p->next)
		if (p->ops == &dtrace_prov_ops)
			return p;
	return NULL;
}

int dtrace_prov_dtrace_init(struct dtrace_core *core)
{
	static const char *const names[] = { "BEGIN", "END", "ERROR" };
	struct dtrace_provider *prov;
	int ids[3], i, err;

	err = dtrace_provider_register(core, "dtrace", &dtrace_prov_ops, NULL,
				       &prov);
	if (err != 0)
		return err;
	for (i = 0; i < 3; i++) {
		ids[i] = dtrace_probe_create(core, prov, "", "", names[i],
					     NULL);
		if (ids[i] < 0) {
			dtrace_provider_unregister(core, prov);
			return ids[i];
		}
	}
	core->begin_id = (uint32_t)ids[0];
	core->end_id = (uint32_t)ids[1];
	core->error_id = (uint32_t)ids[2];
	return 0;
}

void dtrace_prov_dtrace_fini(struct dtrace_core *core)
{
	struct dtrace_provider *prov = find_self(core);

	core->begin_id = core->end_id = core->error_id = 0;
	if (prov != NULL)
		dtrace_provider_unregister(core, prov);
}

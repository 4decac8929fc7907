// SPDX-License-Identifier: GPL-2.0
/* bpf/stable_prov.h */
#include <errno.h>
#include <string.h>

#include "bpf/stable_prov.h"
#include "core/probe.h"

/* The tables' probes, each after its provider's row (name NULL). */
static const struct dtbpf_stable_probe rows[] = {
#define DT_ATTR(...)
#define DT_PROVIDER(prov, ...)	{ #prov, NULL, { { NULL, NULL, 0 } } },
#define DT_PROBE(id, name, ...) { NULL, name, { __VA_ARGS__ } },
#define DT_ARG(native, xlate, map) \
	{                          \
		native, xlate, map \
	}
#include "dtrace/providers/all.def"
#undef DT_ATTR
#undef DT_PROVIDER
#undef DT_PROBE
#undef DT_ARG
};

static int getargdesc(void *parg, uint32_t id, void *prarg, uint32_t ndx,
		      struct dtrace_core_argdesc *out)
{
	const struct dtbpf_stable_probe *p = prarg;
	size_t n;

	(void)parg;
	(void)id;
	if (ndx >= DTBPF_STABLE_MAXARGS || p->args[ndx].native == NULL)
		return -EINVAL;
	out->mapping = p->args[ndx].map;
	n = strlen(p->args[ndx].native);
	if (n >= sizeof(out->native) ||
	    strlen(p->args[ndx].xlate) >= sizeof(out->xlate))
		return -EINVAL;
	memcpy(out->native, p->args[ndx].native, n + 1);
	strcpy(out->xlate, p->args[ndx].xlate);
	return 0;
}

static const struct dtrace_provider_ops ops = {
	.getargdesc = getargdesc,
};

bool dtbpf_stable_is(struct dtrace_core *core, uint32_t id)
{
	struct dtrace_probe *p = dtrace_probe_lookup(core, id);

	return p != NULL && p->prov->ops == &ops;
}

int dtbpf_stable_init(struct dtrace_core *core)
{
	struct dtrace_provider *prov = NULL;
	const char *name = NULL;
	size_t i;
	int err;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		if (rows[i].name == NULL) {
			name = rows[i].provider;
			prov = NULL;
			continue;
		}
		if (prov == NULL) {
			err = dtrace_provider_register(core, name, &ops, NULL,
						       &prov);
			if (err != 0)
				return err;
		}
		err = dtrace_probe_create(core, prov, "vmlinux", "",
					  rows[i].name, (void *)&rows[i]);
		if (err < 0)
			return err;
	}
	return 0;
}

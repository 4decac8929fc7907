// SPDX-License-Identifier: GPL-2.0
/* bpf/cpc_prov.h */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/cpc_prov.h"
#include "core/probe.h"

/* The module's events: perf's generic ones under perf(1)'s names. */
struct cpc_event {
	const char *name;
	uint32_t type;
	uint64_t config;
	uint64_t min; /* smallest count: bounds the firing rate */
};

#define CPC_SW(n, c, m) { n, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c, m },
#define CPC_HW(n, c)	{ n, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c, 5000 },
static const struct cpc_event events[] = {
#include "dtrace/cpc_events.def"
};

struct dtbpf_cpcs {
	struct dtrace_core *core;
	struct dtrace_provider *prov;
	struct dtbpf_cpc **probes;
	uint32_t n;
};

/* "<event>-<mode>-<count>": mode and count are the last two fields. */
static int parse(const char *name, struct dtbpf_cpc *out)
{
	const char *c = strrchr(name, '-'), *m;
	static const char *const modes[] = { "user", "kernel", "all" };
	char *end;
	size_t i, len;

	if (c == NULL || c == name || c[1] < '0' || c[1] > '9')
		return -EINVAL;
	out->period = strtoull(c + 1, &end, 10);
	if (*end != '\0')
		return -EINVAL;
	for (m = c - 1; m > name && *m != '-'; m--)
		;
	if (m == name)
		return -EINVAL;
	for (i = 0; i < 3; i++)
		if ((size_t)(c - m - 1) == strlen(modes[i]) &&
		    strncmp(m + 1, modes[i], strlen(modes[i])) == 0)
			break;
	if (i == 3)
		return -EINVAL;
	out->user = i != 1;
	out->kernel = i != 0;
	len = (size_t)(m - name);
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (strlen(events[i].name) != len ||
		    strncmp(events[i].name, name, len) != 0)
			continue;
		out->type = events[i].type;
		out->config = events[i].config;
		return out->period >= events[i].min ? 0 : -EINVAL;
	}
	return -EINVAL;
}

static void provide(void *parg, const struct dtrace_pattern *pat)
{
	struct dtbpf_cpcs *c = parg;
	struct dtbpf_cpc p, *cp, **a;

	if (pat->id != 0 || pat->name == NULL ||
	    strpbrk(pat->name, "*?[\\") != NULL || !dtrace_glob(pat->mod, "") ||
	    !dtrace_glob(pat->func, "") || parse(pat->name, &p) != 0)
		return;
	a = realloc(c->probes, (c->n + 1) * sizeof(*a));
	if (a == NULL)
		return;
	c->probes = a;
	cp = malloc(sizeof(*cp));
	if (cp == NULL)
		return;
	*cp = p;
	/* -EEXIST when it is there already. */
	if (dtrace_probe_create(c->core, c->prov, "", "", pat->name, cp) <= 0) {
		free(cp);
		return;
	}
	c->probes[c->n++] = cp;
}

static const struct dtrace_provider_ops ops = { .provide = provide };

int dtbpf_cpc_init(struct dtrace_core *core, struct dtbpf_cpcs **out)
{
	struct dtbpf_cpcs *c = calloc(1, sizeof(*c));
	int err;

	if (c == NULL)
		return -ENOMEM;
	c->core = core;
	err = dtrace_provider_register(core, "cpc", &ops, c, &c->prov);
	if (err != 0) {
		free(c);
		return err;
	}
	*out = c;
	return 0;
}

void dtbpf_cpc_free(struct dtbpf_cpcs *c)
{
	uint32_t i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++)
		free(c->probes[i]);
	free(c->probes);
	free(c);
}

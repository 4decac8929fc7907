// SPDX-License-Identifier: GPL-2.0
/* bpf/sdt_prov.h */
#include <bpf/btf.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/sdt_prov.h"
#include "core/probe.h"

#define SDT_EVENTS "/sys/kernel/tracing/events"
#define SDT_PREFIX "btf_trace_"

struct dtbpf_sdt {
	struct dtrace_core *core;
	struct dtrace_provider *prov;
	struct dtbpf_sdt_tp *tps; /* by name */
	size_t ntps;
	bool collected, provided;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct dtbpf_sdt_tp *)a)->name,
		      ((const struct dtbpf_sdt_tp *)b)->name);
}

static struct dtbpf_sdt_tp *find(struct dtbpf_sdt *s, const char *name)
{
	struct dtbpf_sdt_tp key;

	if (strlen(name) >= sizeof(key.name))
		return NULL;
	strcpy(key.name, name);
	return bsearch(&key, s->tps, s->ntps, sizeof(*s->tps), by_name);
}

/* The argument count of a btf_trace_<name> typedef, -1 if not one. */
static int tp_nargs(const struct btf *b, const struct btf_type *t)
{
	if (!btf_is_typedef(t))
		return -1;
	t = btf__type_by_id(b, t->type);
	if (t == NULL || !btf_is_ptr(t))
		return -1;
	t = btf__type_by_id(b, t->type);
	if (t == NULL || !btf_is_func_proto(t) || btf_vlen(t) < 1)
		return -1;
	return btf_vlen(t) - 1; /* the first is the probe's data */
}

/* Every tracepoint of vmlinux's BTF, sorted by name. */
static int collect(struct dtbpf_sdt *s)
{
	struct btf *b = btf__load_vmlinux_btf();
	size_t cap = 0;
	uint32_t i;

	if (b == NULL)
		return -errno;
	for (i = 1; i < btf__type_cnt(b); i++) {
		const struct btf_type *t = btf__type_by_id(b, i);
		const char *name = btf__name_by_offset(b, t->name_off);
		int nargs = tp_nargs(b, t);
		struct dtbpf_sdt_tp *tp;

		if (nargs < 0 || name == NULL ||
		    strncmp(name, SDT_PREFIX, strlen(SDT_PREFIX)) != 0 ||
		    strlen(name) - strlen(SDT_PREFIX) >= sizeof(tp->name))
			continue;
		if (s->ntps == cap) {
			void *p;

			cap = cap ? 2 * cap : 1024;
			p = realloc(s->tps, cap * sizeof(*s->tps));
			if (p == NULL) {
				btf__free(b);
				return -ENOMEM;
			}
			s->tps = p;
		}
		tp = &s->tps[s->ntps++];
		strcpy(tp->name, name + strlen(SDT_PREFIX));
		strcpy(tp->sys, "vmlinux");
		tp->nargs = (uint32_t)nargs;
	}
	btf__free(b);
	qsort(s->tps, s->ntps, sizeof(*s->tps), by_name);
	return 0;
}

/* events/<system>/<event>: each tracepoint's system, as the module's. */
static void name_systems(struct dtbpf_sdt *s)
{
	DIR *top = opendir(SDT_EVENTS);
	struct dirent *sys, *ev;
	char path[512];

	if (top == NULL)
		return;
	while ((sys = readdir(top)) != NULL) {
		DIR *d;

		if (sys->d_type != DT_DIR || sys->d_name[0] == '.' ||
		    strlen(sys->d_name) >= sizeof(s->tps->sys))
			continue;
		snprintf(path, sizeof(path), "%s/%s", SDT_EVENTS, sys->d_name);
		d = opendir(path);
		if (d == NULL)
			continue;
		while ((ev = readdir(d)) != NULL) {
			struct dtbpf_sdt_tp *tp;

			if (ev->d_type != DT_DIR || ev->d_name[0] == '.')
				continue;
			tp = find(s, ev->d_name);
			if (tp != NULL)
				strcpy(tp->sys, sys->d_name);
		}
		closedir(d);
	}
	closedir(top);
}

/*
 * All probes at once, on the first description that could name one: a
 * description of another provider, or a bare name (e.g. "BEGIN") that
 * is no tracepoint's, needs none.
 */
static void provide(void *parg, const struct dtrace_pattern *pat)
{
	struct dtbpf_sdt *s = parg;
	bool bare = (pat->prov == NULL || pat->prov[0] == '\0') &&
		    pat->name != NULL && pat->name[0] != '\0' &&
		    strpbrk(pat->name, "*?[\\") == NULL;
	size_t i;

	if (s->provided || pat->id != 0 ||
	    (pat->prov != NULL && !dtrace_glob(pat->prov, "sdt")))
		return;
	if (s->tps == NULL && !s->collected) {
		s->collected = true;
		if (collect(s) != 0)
			return;
		name_systems(s);
	}
	if (bare && find(s, pat->name) == NULL)
		return;
	s->provided = true;
	for (i = 0; i < s->ntps; i++)
		dtrace_probe_create(s->core, s->prov, s->tps[i].sys, "",
				    s->tps[i].name, &s->tps[i]);
}

static const struct dtrace_provider_ops ops = {
	.provide = provide,
};

int dtbpf_sdt_init(struct dtrace_core *core, struct dtbpf_sdt **out)
{
	struct dtbpf_sdt *s = calloc(1, sizeof(*s));
	int err;

	if (s == NULL)
		return -ENOMEM;
	s->core = core;
	err = dtrace_provider_register(core, "sdt", &ops, s, &s->prov);
	if (err != 0) {
		free(s);
		return err;
	}
	*out = s;
	return 0;
}

void dtbpf_sdt_free(struct dtbpf_sdt *sdt)
{
	if (sdt == NULL)
		return;
	free(sdt->tps);
	free(sdt);
}

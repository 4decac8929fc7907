// SPDX-License-Identifier: GPL-2.0
/* bpf/uprobe_prov.h */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/uprobe_prov.h"
#include "core/probe.h"

/* Sites at most, as the module's uprobe_max_sites default. */
#define UP_MAX_SITES 100000u

struct dtbpf_uprobes {
	struct dtrace_core *core;
	struct dtbpf_uprobe **probes; /* by creation */
	uint32_t n, cap, nsites;
};

static const struct dtrace_provider_ops ops = { 0 };

static bool terminated(const char *s, size_t size)
{
	return strnlen(s, size) < size;
}

static int check(const struct dtrace_userprobe *up)
{
	const struct dtrace_probedesc *d = &up->dtup_desc;

	if (!terminated(d->dtpd_provider, sizeof(d->dtpd_provider)) ||
	    !terminated(d->dtpd_mod, sizeof(d->dtpd_mod)) ||
	    !terminated(d->dtpd_func, sizeof(d->dtpd_func)) ||
	    !terminated(d->dtpd_name, sizeof(d->dtpd_name)) ||
	    !terminated(up->dtup_path, sizeof(up->dtup_path)) ||
	    d->dtpd_provider[0] == '\0' || d->dtpd_name[0] == '\0' ||
	    up->dtup_pad != 0 || (up->dtup_refctr & 1) != 0)
		return -EINVAL;
	if (up->dtup_kind == DTRACE_UP_USDT ||
	    up->dtup_kind == DTRACE_UP_USDT_ENABLED)
		return -EOPNOTSUPP;
	if (up->dtup_kind < DTRACE_UP_ENTRY ||
	    up->dtup_kind > DTRACE_UP_OFFSET || up->dtup_nargs != 0)
		return -EINVAL;
	return 0;
}

/* The probe of these names, or NULL. */
static struct dtbpf_uprobe *find(struct dtbpf_uprobes *u,
				 const struct dtrace_probedesc *d)
{
	struct dtrace_provider *prov = dtrace_provider_lookup(u->core,
							      d->dtpd_provider);
	struct dtrace_probe *p;

	if (prov == NULL || prov->ops != &ops)
		return NULL;
	p = dtrace_probe_func_chain(u->core, prov, d->dtpd_func, d->dtpd_name);
	for (; p != NULL; p = p->fnext)
		if (p->prov == prov && strcmp(p->mod, d->dtpd_mod) == 0 &&
		    strcmp(p->func, d->dtpd_func) == 0 &&
		    strcmp(p->name, d->dtpd_name) == 0)
			return p->arg;
	return NULL;
}

static struct dtbpf_uprobe *create(struct dtbpf_uprobes *u,
				   const struct dtrace_userprobe *up, int *err)
{
	const struct dtrace_probedesc *d = &up->dtup_desc;
	struct dtrace_provider *prov = dtrace_provider_lookup(u->core,
							      d->dtpd_provider);
	struct dtbpf_uprobe *p;
	int id;

	if (u->n == u->cap) {
		uint32_t cap = u->cap ? 2 * u->cap : 64;
		void *a = realloc(u->probes, cap * sizeof(*u->probes));

		if (a == NULL) {
			*err = -ENOMEM;
			return NULL;
		}
		u->probes = a;
		u->cap = cap;
	}
	if (prov != NULL && prov->ops != &ops) {
		*err = -EINVAL; /* a kernel provider's name */
		return NULL;
	}
	if (prov == NULL) {
		*err = dtrace_provider_register(u->core, d->dtpd_provider, &ops,
						NULL, &prov);
		if (*err != 0)
			return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL) {
		*err = -ENOMEM;
		return NULL;
	}
	id = dtrace_probe_create(u->core, prov, d->dtpd_mod, d->dtpd_func,
				 d->dtpd_name, p);
	if (id <= 0) {
		free(p);
		*err = id < 0 ? id : -EINVAL;
		return NULL;
	}
	p->id = (uint32_t)id;
	p->pid = up->dtup_pid;
	p->kind = up->dtup_kind;
	u->probes[u->n++] = p;
	return p;
}

int dtbpf_uprobe_create(struct dtbpf_uprobes *u, struct dtrace_userprobe *up)
{
	struct dtbpf_uprobe *p;
	struct dtbpf_usite *s;
	uint32_t i;
	int err = check(up);

	if (err != 0)
		return err;
	p = find(u, &up->dtup_desc);
	if (p != NULL && (p->pid != up->dtup_pid || p->kind != up->dtup_kind))
		return -EINVAL; /* the names are another process's probe */
	if (p == NULL && (p = create(u, up, &err)) == NULL)
		return err;
	up->dtup_desc.dtpd_id = p->id;
	for (i = 0; i < p->nsites; i++)
		if (p->sites[i].offset == up->dtup_offset &&
		    strcmp(p->sites[i].path, up->dtup_path) == 0)
			return 0;
	if (u->nsites >= UP_MAX_SITES)
		return -ENOSPC;
	s = realloc(p->sites, (p->nsites + 1) * sizeof(*s));
	if (s == NULL)
		return -ENOMEM;
	p->sites = s;
	s = &p->sites[p->nsites++];
	memcpy(s->path, up->dtup_path, sizeof(s->path));
	s->offset = up->dtup_offset;
	u->nsites++;
	return 0;
}

const struct dtbpf_uprobe *dtbpf_uprobe_lookup(struct dtbpf_uprobes *u,
					       uint32_t id)
{
	struct dtrace_probe *p = dtrace_probe_lookup(u->core, id);

	return p != NULL && p->prov->ops == &ops ? p->arg : NULL;
}

int dtbpf_uprobes_init(struct dtrace_core *core, struct dtbpf_uprobes **out)
{
	struct dtbpf_uprobes *u = calloc(1, sizeof(*u));

	if (u == NULL)
		return -ENOMEM;
	u->core = core;
	*out = u;
	return 0;
}

void dtbpf_uprobes_free(struct dtbpf_uprobes *u)
{
	uint32_t i;

	if (u == NULL)
		return;
	for (i = 0; i < u->n; i++) {
		free(u->probes[i]->sites);
		free(u->probes[i]);
	}
	free(u->probes);
	free(u);
}

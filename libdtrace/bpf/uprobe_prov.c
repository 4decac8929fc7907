// SPDX-License-Identifier: GPL-2.0
/* bpf/uprobe_prov.h */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/uprobe_prov.h"
#include "core/probe.h"

/* Sites at most, as the module's uprobe_max_sites default. */
#define UP_MAX_SITES 100000u

/* x86-64's struct pt_regs as uint64_t[]: the ABI's argument registers. */
#define UP_NREGS   21u
#define UP_SP	   19u
#define UP_RETADDR 8 /* pushed by the call, at 0(%rsp) on entry */
static const uint16_t abi_regs[] = { 14, 13, 12, 11, 9, 8 }; /* di .. r9 */
#define UP_NABI (sizeof(abi_regs) / sizeof(abi_regs[0]))

/*
 * Entry and offset sites' arguments, as the module's dtrace_up_abi_args:
 * the argument registers, then (entry) the stack above the return
 * address.
 */
static uint32_t abi_args(struct dtrace_uarg *args, bool entry)
{
	uint32_t i;

	memset(args, 0, DTRACE_MAXARGS * sizeof(*args));
	for (i = 0; i < DTRACE_MAXARGS; i++) {
		if (i >= UP_NABI && !entry)
			return UP_NABI;
		args[i].dtua_size = 8;
		if (i < UP_NABI) {
			args[i].dtua_kind = DTRACE_UARG_REG;
			args[i].dtua_reg = abi_regs[i];
			continue;
		}
		args[i].dtua_kind = DTRACE_UARG_MEM;
		args[i].dtua_reg = UP_SP;
		args[i].dtua_value = UP_RETADDR + 8 * (int64_t)(i - UP_NABI);
	}
	return DTRACE_MAXARGS;
}

struct dtbpf_uprobes {
	struct dtrace_core *core;
	struct dtbpf_uprobe **probes; /* by creation */
	uint32_t n, cap, nsites;
};

/*
 * Field ndx of the probe's ';'-separated native types, "uint64_t" where
 * one is empty, as the module's up_getargdesc() answers.
 */
static int getargdesc(void *parg, uint32_t id, void *prarg, uint32_t ndx,
		      struct dtrace_core_argdesc *out)
{
	const struct dtbpf_uprobe *p = prarg;
	const char *t = p->argtypes;
	size_t len;
	uint32_t i;

	(void)parg;
	(void)id;
	if (ndx >= p->nargs || t == NULL)
		return -EINVAL;
	for (i = 0; i < ndx && t != NULL; i++) {
		t = strchr(t, ';');
		if (t != NULL)
			t++;
	}
	while (t != NULL && isspace((unsigned char)*t))
		t++;
	len = t != NULL ? strcspn(t, ";") : 0;
	while (len > 0 && isspace((unsigned char)t[len - 1]))
		len--;
	if (len == 0) {
		t = "uint64_t";
		len = strlen(t);
	}
	if (len > sizeof(out->native) - 1)
		len = sizeof(out->native) - 1;
	memcpy(out->native, t, len);
	out->native[len] = '\0';
	out->mapping = ndx;
	return 0;
}

static const struct dtrace_provider_ops ops = { .getargdesc = getargdesc };

/* A stapsdt probe's types, from its arguments' sizes (the module's). */
static char *size_types(const struct dtrace_userprobe *up)
{
	char *s = calloc(1, DTRACE_MAXARGS * 10 + 1);
	uint32_t i;

	for (i = 0; s != NULL && i < up->dtup_nargs; i++) {
		int size = up->dtup_args[i].dtua_size;

		sprintf(s + strlen(s), "%s%sint%d_t", i > 0 ? ";" : "",
			size < 0 ? "" : "u", 8 * abs(size));
	}
	return s;
}

/* A uarg the bpf device can read (the module's dtrace_up_uarg_ok). */
static bool uarg_ok(const struct dtrace_uarg *a)
{
	int size = a->dtua_size < 0 ? -a->dtua_size : a->dtua_size;

	if (a->dtua_pad != 0 ||
	    (size != 1 && size != 2 && size != 4 && size != 8))
		return false;
	if (a->dtua_kind == DTRACE_UARG_REG || a->dtua_kind == DTRACE_UARG_MEM)
		return a->dtua_reg < UP_NREGS;
	return a->dtua_kind == DTRACE_UARG_CONST && a->dtua_reg == 0;
}

static bool terminated(const char *s, size_t size)
{
	return strnlen(s, size) < size;
}

static int check(const struct dtrace_userprobe *up)
{
	const struct dtrace_probedesc *d = &up->dtup_desc;
	uint32_t i;

	if (!terminated(d->dtpd_provider, sizeof(d->dtpd_provider)) ||
	    !terminated(d->dtpd_mod, sizeof(d->dtpd_mod)) ||
	    !terminated(d->dtpd_func, sizeof(d->dtpd_func)) ||
	    !terminated(d->dtpd_name, sizeof(d->dtpd_name)) ||
	    !terminated(up->dtup_path, sizeof(up->dtup_path)) ||
	    d->dtpd_provider[0] == '\0' || d->dtpd_name[0] == '\0' ||
	    up->dtup_pad != 0 || (up->dtup_refctr & 1) != 0)
		return -EINVAL;
	if (up->dtup_kind == DTRACE_UP_USDT_ENABLED)
		return -EOPNOTSUPP;
	if (up->dtup_kind < DTRACE_UP_ENTRY || up->dtup_kind > DTRACE_UP_USDT)
		return -EINVAL;
	if (up->dtup_kind != DTRACE_UP_USDT)
		return up->dtup_nargs == 0 ? 0 : -EINVAL;
	if (up->dtup_nargs > DTRACE_MAXARGS)
		return -EINVAL;
	for (i = 0; i < up->dtup_nargs; i++)
		if (!uarg_ok(&up->dtup_args[i]))
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
	if (p->kind == DTRACE_UP_USDT) {
		p->argtypes = size_types(up);
		p->nargs = p->argtypes != NULL ? up->dtup_nargs : 0;
	}
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
	memset(s, 0, sizeof(*s));
	memcpy(s->path, up->dtup_path, sizeof(s->path));
	s->offset = up->dtup_offset;
	s->refctr = up->dtup_refctr;
	if (p->kind == DTRACE_UP_USDT) {
		s->nargs = up->dtup_nargs;
		memcpy(s->args, up->dtup_args, sizeof(s->args));
	} else if (p->kind != DTRACE_UP_RETURN) {
		s->nargs = abi_args(s->args, p->kind == DTRACE_UP_ENTRY);
	}
	u->nsites++;
	return 0;
}

const struct dtbpf_uprobe *dtbpf_uprobe_lookup(struct dtbpf_uprobes *u,
					       uint32_t id)
{
	struct dtrace_probe *p = dtrace_probe_lookup(u->core, id);

	return p != NULL && p->prov->ops == &ops ? p->arg : NULL;
}

int dtbpf_uprobe_set_argtypes(struct dtbpf_uprobes *u, uint32_t id,
			      const char *types, uint32_t nargs)
{
	struct dtrace_probe *pr = dtrace_probe_lookup(u->core, id);
	struct dtbpf_uprobe *p;
	char *t;

	if (pr == NULL || pr->prov->ops != &ops || nargs > DTRACE_MAXARGS)
		return -EINVAL;
	p = pr->arg;
	if (p->kind != DTRACE_UP_USDT)
		return -EINVAL;
	t = strdup(types);
	if (t == NULL)
		return -ENOMEM;
	free(p->argtypes);
	p->argtypes = t;
	p->nargs = nargs;
	return 0;
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
		free(u->probes[i]->argtypes);
		free(u->probes[i]);
	}
	free(u->probes);
	free(u);
}

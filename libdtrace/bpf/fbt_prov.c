// SPDX-License-Identifier: GPL-2.0
/* bpf/fbt_prov.h */
#include <bpf/btf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/fbt_prov.h"
#include "core/probe.h"

struct dtbpf_fbt {
	struct dtrace_core *core;
	struct dtrace_provider *prov;
	struct btf *btf; /* vmlinux's, read on the first description */
};

static void create(struct dtbpf_fbt *f, uint32_t id, const char *name,
		   bool entry, bool ret)
{
	if (entry)
		dtrace_probe_create(f->core, f->prov, "vmlinux", name, "entry",
				    (void *)(uintptr_t)((uint64_t)id << 1));
	if (ret)
		dtrace_probe_create(f->core, f->prov, "vmlinux", name, "return",
				    (void *)(uintptr_t)((uint64_t)id << 1 | 1));
}

/* As the module's: descriptions that name fbt or a function. */
static void provide(void *parg, const struct dtrace_pattern *pat)
{
	struct dtbpf_fbt *f = parg;
	bool entry = dtrace_glob(pat->name, "entry");
	bool ret = dtrace_glob(pat->name, "return");
	uint32_t i, n;

	if (pat->id != 0 || (!entry && !ret) ||
	    !dtrace_glob(pat->mod, "vmlinux"))
		return;
	if (pat->prov == NULL || pat->prov[0] == '\0') {
		if (pat->func == NULL || pat->func[0] == '\0')
			return;
	} else if (!dtrace_glob(pat->prov, "fbt")) {
		return;
	}
	if (f->btf == NULL && (f->btf = btf__load_vmlinux_btf()) == NULL)
		return;
	n = btf__type_cnt(f->btf);
	for (i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(f->btf, i);
		const char *name;

		if (!btf_is_func(t))
			continue;
		name = btf__name_by_offset(f->btf, t->name_off);
		if (name != NULL && strlen(name) < DTRACE_CORE_FUNCNAMELEN &&
		    dtrace_glob(pat->func, name))
			create(f, i, name, entry, ret);
	}
}

static const struct dtrace_provider_ops ops = {
	.provide = provide,
};

int dtbpf_fbt_init(struct dtrace_core *core, struct dtbpf_fbt **out)
{
	struct dtbpf_fbt *f = calloc(1, sizeof(*f));
	int err;

	if (f == NULL)
		return -ENOMEM;
	f->core = core;
	err = dtrace_provider_register(core, "fbt", &ops, f, &f->prov);
	if (err != 0) {
		free(f);
		return err;
	}
	*out = f;
	return 0;
}

/* An integer, enum or pointer: a value fexit can read. */
static bool scalar(const struct btf *b, uint32_t type)
{
	const struct btf_type *t = btf__type_by_id(b, type);

	while (t != NULL && (btf_is_mod(t) || btf_is_typedef(t)))
		t = btf__type_by_id(b, t->type);
	return t != NULL && type != 0 &&
	       (btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t));
}

int dtbpf_fbt_lookup(struct dtbpf_fbt *fbt, uint64_t cookie,
		     struct dtbpf_fbt_fn *out)
{
	uint32_t id = (uint32_t)(cookie >> 1), i;
	const struct btf_type *t, *proto;
	const struct btf_param *p;

	if (fbt == NULL || fbt->btf == NULL)
		return -ENOENT;
	t = btf__type_by_id(fbt->btf, id);
	if (t == NULL || !btf_is_func(t))
		return -ENOENT;
	proto = btf__type_by_id(fbt->btf, t->type);
	if (proto == NULL || !btf_is_func_proto(proto))
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->btf_id = id;
	/* An argument of up to 16 bytes takes one slot per 8, as registers. */
	p = btf_params(proto);
	for (i = 0; i < btf_vlen(proto) && p[i].type != 0; i++) {
		long size = btf__resolve_size(fbt->btf, p[i].type);

		out->nslots += size > 0 ? (uint32_t)(size + 7) / 8 : 1;
	}
	out->ret = scalar(fbt->btf, proto->type);
	return 0;
}

void dtbpf_fbt_free(struct dtbpf_fbt *fbt)
{
	if (fbt == NULL)
		return;
	btf__free(fbt->btf);
	free(fbt);
}

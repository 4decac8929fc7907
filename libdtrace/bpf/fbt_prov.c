// SPDX-License-Identifier: GPL-2.0
/* bpf/fbt_prov.h */
#include <bpf/btf.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/fbt_prov.h"
#include "core/probe.h"

/* A module whose functions have probes: its split BTF. */
struct fbt_mod {
	char name[DTRACE_CORE_MODNAMELEN];
	struct btf *btf;
};

#define FBT_MAXMODS 1024 /* a cookie's module index: 10 bits */
#define FBT_BTF_DIR "/sys/kernel/btf"

struct dtbpf_fbt {
	struct dtrace_core *core;
	struct dtrace_provider *prov;
	struct btf *btf;      /* vmlinux's, read on the first description */
	struct fbt_mod *mods; /* index + 1 in a cookie; 0 is vmlinux */
	uint32_t nmods;
};

/* A cookie: the module's index + 1 (0: vmlinux), the BTF id, return. */
static uint64_t cookie_of(uint32_t mod, uint32_t id, bool ret)
{
	return (uint64_t)mod << 40 | (uint64_t)id << 1 | (ret ? 1 : 0);
}

static void create(struct dtbpf_fbt *f, const char *mod, uint32_t modidx,
		   uint32_t id, const char *name, bool entry, bool ret)
{
	if (entry)
		dtrace_probe_create(f->core, f->prov, mod, name, "entry",
				    (void *)(uintptr_t)cookie_of(modidx, id,
								 false));
	if (ret)
		dtrace_probe_create(f->core, f->prov, mod, name, "return",
				    (void *)(uintptr_t)cookie_of(modidx, id,
								 true));
}

/* The functions of b from first on whose names match pat->func. */
static void provide_funcs(struct dtbpf_fbt *f, const struct btf *b,
			  uint32_t first, const char *mod, uint32_t modidx,
			  const struct dtrace_pattern *pat, bool entry,
			  bool ret)
{
	uint32_t i, n = btf__type_cnt(b);

	for (i = first; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(b, i);
		const char *name;

		if (!btf_is_func(t))
			continue;
		name = btf__name_by_offset(b, t->name_off);
		if (name != NULL && strlen(name) < DTRACE_CORE_FUNCNAMELEN &&
		    dtrace_glob(pat->func, name))
			create(f, mod, modidx, i, name, entry, ret);
	}
}

/* Module name's index + 1 in f->mods, its BTF read once; 0 if none. */
static uint32_t mod_index(struct dtbpf_fbt *f, const char *name)
{
	struct fbt_mod *m;
	uint32_t i;

	for (i = 0; i < f->nmods; i++)
		if (strcmp(f->mods[i].name, name) == 0)
			return i + 1;
	if (f->nmods == FBT_MAXMODS || strlen(name) >= sizeof(m->name))
		return 0;
	m = realloc(f->mods, (f->nmods + 1) * sizeof(*m));
	if (m == NULL)
		return 0;
	f->mods = m;
	m = &f->mods[f->nmods];
	strcpy(m->name, name);
	m->btf = btf__load_module_btf(name, f->btf);
	if (m->btf == NULL)
		return 0;
	return ++f->nmods;
}

/* Each loaded module with BTF whose name matches pat->mod. */
static void provide_mods(struct dtbpf_fbt *f, const struct dtrace_pattern *pat,
			 bool entry, bool ret)
{
	DIR *d = opendir(FBT_BTF_DIR);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		uint32_t m;

		if (e->d_name[0] == '.' || strcmp(e->d_name, "vmlinux") == 0 ||
		    !dtrace_glob(pat->mod, e->d_name))
			continue;
		m = mod_index(f, e->d_name);
		if (m != 0)
			provide_funcs(f, f->mods[m - 1].btf,
				      btf__type_cnt(f->btf), e->d_name, m, pat,
				      entry, ret);
	}
	closedir(d);
}

/*
 * As the module's: descriptions that name fbt or a function, vmlinux's
 * functions and those of each loaded module the description may name.
 */
static void provide(void *parg, const struct dtrace_pattern *pat)
{
	struct dtbpf_fbt *f = parg;
	bool entry = dtrace_glob(pat->name, "entry");
	bool ret = dtrace_glob(pat->name, "return");

	if (pat->id != 0 || (!entry && !ret))
		return;
	if (pat->prov == NULL || pat->prov[0] == '\0') {
		if (pat->func == NULL || pat->func[0] == '\0')
			return;
	} else if (!dtrace_glob(pat->prov, "fbt")) {
		return;
	}
	if (f->btf == NULL && (f->btf = btf__load_vmlinux_btf()) == NULL)
		return;
	if (dtrace_glob(pat->mod, "vmlinux"))
		provide_funcs(f, f->btf, 1, "vmlinux", 0, pat, entry, ret);
	if (pat->mod == NULL || strcmp(pat->mod, "vmlinux") != 0)
		provide_mods(f, pat, entry, ret);
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
	uint32_t id = (uint32_t)(cookie >> 1) & 0x7fffffffu, i;
	uint32_t mod = (uint32_t)(cookie >> 40);
	const struct btf_type *t, *proto;
	const struct btf_param *p;
	const struct btf *b;

	if (fbt == NULL || fbt->btf == NULL || mod > fbt->nmods)
		return -ENOENT;
	b = mod == 0 ? fbt->btf : fbt->mods[mod - 1].btf;
	t = btf__type_by_id(b, id);
	if (t == NULL || !btf_is_func(t))
		return -ENOENT;
	proto = btf__type_by_id(b, t->type);
	if (proto == NULL || !btf_is_func_proto(proto))
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->btf_id = id;
	out->module = mod == 0 ? NULL : fbt->mods[mod - 1].name;
	/* An argument of up to 16 bytes takes one slot per 8, as registers. */
	p = btf_params(proto);
	for (i = 0; i < btf_vlen(proto) && p[i].type != 0; i++) {
		long size = btf__resolve_size(b, p[i].type);

		out->nslots += size > 0 ? (uint32_t)(size + 7) / 8 : 1;
	}
	out->ret = scalar(b, proto->type);
	return 0;
}

void dtbpf_fbt_free(struct dtbpf_fbt *fbt)
{
	uint32_t i;

	if (fbt == NULL)
		return;
	for (i = 0; i < fbt->nmods; i++)
		btf__free(fbt->mods[i].btf);
	free(fbt->mods);
	btf__free(fbt->btf);
	free(fbt);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The list of kernel functions fbt offers, read from the kernel's own
 * BTF (/sys/kernel/btf/vmlinux). kallsyms_lookup_name and
 * kallsyms_on_each_symbol are not exported and the tracefs function
 * list cannot be read from inside the kernel (seq_file without
 * read_iter), but the BTF file is a sysfs binary attribute that
 * kernel_read_file can read. pahole encodes a BTF FUNC only for
 * functions with an ftrace (mcount) site, so the list is the traceable
 * functions: no inlined-only or notrace code. The blob is read once,
 * on the first fbt description, and kept until the provider goes.
 *
 * The functions' addresses (for the entry probes' ftrace filter) come
 * from one pass of kallsyms_on_each_symbol, whose own address a
 * kprobe registered on it once reveals; each kernel symbol's name is
 * looked up in a hash of the BTF names. __init functions (between
 * _sinittext and _einittext) get none: their text is freed after boot.
 * Nor do the functions kprobes refuse (within_kprobe_blacklist, found
 * the same way): NOKPROBE_SYMBOL code, the kprobes, entry, irqentry
 * and noinstr text, i.e. the exception and interrupt entry paths and
 * the probing machinery, where a probe would recurse or run without
 * RCU; their entry probes exist but are never armed.
 * They are read on the first entry enabling and kept with the list.
 */
#include <linux/btf.h>
#include <linux/kallsyms.h>
#include <linux/kernel_read_file.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "prov/fbt.h"

#define BTF_PATH	"/sys/kernel/btf/vmlinux"
#define BTF_MAX		(256u << 20)

static void *btf_blob;
static const char *btf_strs;
static u32 *btf_funcs;		/* name offsets of the FUNC types */
static u32 btf_nfuncs;
static unsigned long *btf_addrs;	/* per function, 0 if unknown */

/* Bytes that follow a btf_type of this kind, or -1 if unknown. */
static long btf_extra(const struct btf_type *t)
{
	u32 vlen = BTF_INFO_VLEN(t->info);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return (long)vlen * sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	default:
		return -1;
	}
}

/* Two passes over the type section: count, then collect. */
static int btf_walk(const u8 *types, u32 len, u32 strlen, u32 *out)
{
	u32 off = 0, n = 0;

	while (off + sizeof(struct btf_type) <= len) {
		const struct btf_type *t = (const void *)(types + off);
		long extra = btf_extra(t);

		if (extra < 0)
			return -EINVAL;
		if (BTF_INFO_KIND(t->info) == BTF_KIND_FUNC && t->name_off != 0 &&
		    t->name_off < strlen) {
			if (out != NULL)
				out[n] = t->name_off;
			n++;
		}
		off += sizeof(*t) + extra;
	}
	return off == len ? (int)n : -EINVAL;
}

static int btf_parse(void *blob, size_t size)
{
	const struct btf_header *h = blob;
	const u8 *types;
	int n;

	if (size < sizeof(*h) || h->magic != BTF_MAGIC ||
	    h->hdr_len > size || (u64)h->hdr_len + h->type_off + h->type_len >
	    size || (u64)h->hdr_len + h->str_off + h->str_len > size ||
	    h->str_len == 0)
		return -EINVAL;
	btf_strs = (const char *)blob + h->hdr_len + h->str_off;
	if (btf_strs[h->str_len - 1] != '\0')
		return -EINVAL;
	types = (const u8 *)blob + h->hdr_len + h->type_off;
	n = btf_walk(types, h->type_len, h->str_len, NULL);
	if (n <= 0)
		return n < 0 ? n : -ENOENT;
	btf_funcs = kvcalloc(n, sizeof(*btf_funcs), GFP_KERNEL);
	if (btf_funcs == NULL)
		return -ENOMEM;
	btf_walk(types, h->type_len, h->str_len, btf_funcs);
	btf_nfuncs = n;
	return 0;
}

int dtrace_fbt_funcs_load(void)
{
	size_t size = 0;
	void *blob = NULL;
	ssize_t got;
	int err;

	if (btf_blob != NULL)
		return 0;
	got = kernel_read_file_from_path(BTF_PATH, 0, &blob, BTF_MAX, &size,
					 READING_UNKNOWN);
	if (got < 0)
		return (int)got;
	err = btf_parse(blob, got);
	if (err != 0) {
		vfree(blob);
		btf_strs = NULL;
		return err;
	}
	btf_blob = blob;
	return 0;
}

u32 dtrace_fbt_nfuncs(void)
{
	return btf_nfuncs;
}

const char *dtrace_fbt_func(u32 i)
{
	return i < btf_nfuncs ? btf_strs + btf_funcs[i] : NULL;
}

/* FNV-1a over a NUL-terminated name. */
static u32 name_hash(const char *s)
{
	u32 h = 2166136261u;

	while (*s != '\0')
		h = (h ^ (u8)*s++) * 16777619u;
	return h;
}

struct addr_walk {
	u32		*slots;		/* function index + 1, 0 = empty */
	u32		mask;
	unsigned long	sinit, einit;	/* init text, freed after boot */
};

static int addr_sym(void *data, const char *name, struct module *mod,
		    unsigned long addr)
{
	struct addr_walk *w = data;
	u32 h, slot;

	if (mod != NULL)
		return 0;
	if (strcmp(name, "_sinittext") == 0)
		w->sinit = addr;
	else if (strcmp(name, "_einittext") == 0)
		w->einit = addr;
	for (h = name_hash(name) & w->mask; (slot = w->slots[h]) != 0;
	     h = (h + 1) & w->mask) {
		if (strcmp(btf_strs + btf_funcs[slot - 1], name) != 0)
			continue;
		if (btf_addrs[slot - 1] == 0)	/* the first, as kprobes */
			btf_addrs[slot - 1] = addr;
		break;
	}
	return 0;
}

typedef int (*each_symbol_fn)(int (*fn)(void *, const char *,
					struct module *, unsigned long),
			      void *data);

typedef bool (*blacklisted_fn)(unsigned long addr);

/* A kernel function's address, revealed by a kprobe placed on it once. */
static unsigned long find_func(const char *name)
{
	struct kprobe kp = { .symbol_name = name };
	unsigned long addr;

	if (register_kprobe(&kp) != 0)
		return 0;
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
#ifdef CONFIG_X86_KERNEL_IBT
	/* kprobes step over the ENDBR; an indirect call must land on it. */
	if (is_endbr(*(u32 *)(addr - ENDBR_INSN_SIZE)))
		addr -= ENDBR_INSN_SIZE;
#endif
	return addr;
}

int dtrace_fbt_addrs_load(void)
{
	struct addr_walk w;
	each_symbol_fn each;
	blacklisted_fn blacklisted;
	u32 i, h, size, nblack = 0;

	if (btf_addrs != NULL)
		return 0;
	if (btf_nfuncs == 0)
		return -ENOENT;
	each = (each_symbol_fn)find_func("kallsyms_on_each_symbol");
	blacklisted = (blacklisted_fn)find_func("within_kprobe_blacklist");
	if (each == NULL || blacklisted == NULL)
		return -ENOSYS;
	size = roundup_pow_of_two(btf_nfuncs * 2);
	w.mask = size - 1;
	w.slots = kvcalloc(size, sizeof(*w.slots), GFP_KERNEL);
	btf_addrs = kvcalloc(btf_nfuncs, sizeof(*btf_addrs), GFP_KERNEL);
	if (w.slots == NULL || btf_addrs == NULL) {
		kvfree(w.slots);
		kvfree(btf_addrs);
		btf_addrs = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < btf_nfuncs; i++) {
		h = name_hash(btf_strs + btf_funcs[i]) & w.mask;
		while (w.slots[h] != 0)
			h = (h + 1) & w.mask;
		w.slots[h] = i + 1;
	}
	w.sinit = w.einit = 0;
	each(addr_sym, &w);
	kvfree(w.slots);
	/* __init functions are in BTF but gone, and ftrace forgot them. */
	for (i = 0; i < btf_nfuncs; i++) {
		if (btf_addrs[i] >= w.sinit && btf_addrs[i] < w.einit)
			btf_addrs[i] = 0;
		/* What kprobes refuse: the low-level paths fbt leaves alone. */
		if (btf_addrs[i] != 0 && blacklisted(btf_addrs[i])) {
			btf_addrs[i] = 0;
			nblack++;
		}
		if ((i & 1023) == 0)
			cond_resched();
	}
	pr_info("dtrace: fbt: %u functions kprobes refuse are not offered\n",
		nblack);
	return 0;
}

unsigned long dtrace_fbt_func_addr(u32 i)
{
	return btf_addrs != NULL && i < btf_nfuncs ? btf_addrs[i] : 0;
}

void dtrace_fbt_funcs_free(void)
{
	kvfree(btf_addrs);
	btf_addrs = NULL;
	kvfree(btf_funcs);
	vfree(btf_blob);
	btf_funcs = NULL;
	btf_blob = NULL;
	btf_strs = NULL;
	btf_nfuncs = 0;
}

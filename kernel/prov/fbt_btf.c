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
 */
#include <linux/btf.h>
#include <linux/kernel_read_file.h>
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

void dtrace_fbt_funcs_free(void)
{
	kvfree(btf_funcs);
	vfree(btf_blob);
	btf_funcs = NULL;
	btf_blob = NULL;
	btf_strs = NULL;
	btf_nfuncs = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The lists of kernel functions fbt offers, read from the kernel's own
 * BTF (/sys/kernel/btf/vmlinux) and, for each loaded module, from the
 * module's split BTF (/sys/kernel/btf/<module>, whose type ids and
 * string offsets continue vmlinux's). kallsyms_lookup_name and
 * kallsyms_on_each_symbol are not exported and the tracefs function
 * list cannot be read from inside the kernel (seq_file without
 * read_iter), but the BTF file is a sysfs binary attribute the module
 * can read with kernel_read() (not kernel_read_file(): its LSM hook
 * has no read id for this, and 6.12's IPE WARNs on READING_UNKNOWN).
 * pahole encodes a BTF FUNC only for
 * functions with an ftrace (mcount) site, so the list is the traceable
 * functions: no inlined-only or notrace code. vmlinux's blob is read
 * once, on the first fbt description, and kept until the provider
 * goes; a module's is read on the first description that could name
 * it and dropped when it is unloaded (fbt.c).
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
 * A module's addresses come from module_kallsyms_on_each_symbol (found
 * the same way), restricted to that module's core text: its init text
 * is freed once it is live.
 */
#include "linux/compat_auto.h"

/* Compiled only where fbt can work (kernel_compat.h, DTRACE_FBT_LACKS). */
#ifdef DTRACE_HAVE_FTRACE_REGS
#include <linux/btf.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "linux/kernel_compat.h"
#include "prov/fbt.h"

#define BTF_DIR "/sys/kernel/btf/"
#define BTF_MAX (256u << 20)

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
static int btf_walk(const u8 *types, u32 len, u32 strend, u32 *out)
{
	u32 off = 0, n = 0;

	while (off + sizeof(struct btf_type) <= len) {
		const struct btf_type *t = (const void *)(types + off);
		long extra = btf_extra(t);

		if (extra < 0)
			return -EINVAL;
		if (BTF_INFO_KIND(t->info) == BTF_KIND_FUNC &&
		    t->name_off != 0 && t->name_off < strend) {
			if (out != NULL)
				out[n] = t->name_off;
			n++;
		}
		off += sizeof(*t) + extra;
	}
	return off == len ? (int)n : -EINVAL;
}

static struct dtrace_fbt_funcs btf_vmlinux = { .name = "vmlinux" };

/* f's blob; base: vmlinux's list for a module's split BTF, else NULL. */
static int btf_parse(struct dtrace_fbt_funcs *f, size_t size,
		     const struct dtrace_fbt_funcs *base)
{
	const struct btf_header *h = f->blob;
	u32 str_base = base != NULL ? base->str_base : 0;
	const u8 *types;
	int n;

	if (size < sizeof(*h) || h->magic != BTF_MAGIC || h->hdr_len > size ||
	    (u64)h->hdr_len + h->type_off + h->type_len > size ||
	    (u64)h->hdr_len + h->str_off + h->str_len > size || h->str_len == 0)
		return -EINVAL;
	f->strs = (const char *)f->blob + h->hdr_len + h->str_off;
	if (f->strs[h->str_len - 1] != '\0')
		return -EINVAL;
	/* vmlinux: str_base is where a split BTF's own strings start. */
	f->str_base = base != NULL ? str_base : h->str_len;
	types = (const u8 *)f->blob + h->hdr_len + h->type_off;
	n = btf_walk(types, h->type_len, str_base + h->str_len, NULL);
	if (n < 0)
		return n;
	if (n == 0)
		return base != NULL ? 0 : -ENOENT;
	f->funcs = kvcalloc(n, sizeof(*f->funcs), GFP_KERNEL);
	if (f->funcs == NULL)
		return -ENOMEM;
	btf_walk(types, h->type_len, str_base + h->str_len, f->funcs);
	f->n = n;
	return 0;
}

/* The whole of a BTF file (its size is the inode's) into a vmalloc'ed blob. */
static ssize_t btf_read_file(const char *path, void **blob)
{
	struct file *file = filp_open(path, O_RDONLY, 0);
	loff_t size, pos = 0;
	void *b;

	if (IS_ERR(file))
		return PTR_ERR(file);
	size = i_size_read(file_inode(file));
	b = size > 0 && size <= BTF_MAX ? vmalloc(size) : NULL;
	while (b != NULL && pos < size) {
		if (kernel_read(file, b + pos, size - pos, &pos) <= 0)
			break;
		cond_resched();
	}
	filp_close(file, NULL);
	if (b == NULL)
		return size > 0 && size <= BTF_MAX ? -ENOMEM : -EFBIG;
	if (pos != size) {
		vfree(b);
		return -EIO;
	}
	*blob = b;
	return size;
}

static int btf_read(struct dtrace_fbt_funcs *f, const char *path,
		    const struct dtrace_fbt_funcs *base)
{
	ssize_t got;
	int err;

	f->blob = NULL;
	got = btf_read_file(path, &f->blob);
	if (got < 0)
		return (int)got;
	err = btf_parse(f, got, base);
	if (err != 0)
		dtrace_fbt_funcs_drop(f);
	return err;
}

struct dtrace_fbt_funcs *dtrace_fbt_vmlinux(int *err)
{
	*err = 0;
	if (btf_vmlinux.blob == NULL)
		*err = btf_read(&btf_vmlinux, BTF_DIR "vmlinux", NULL);
	return *err == 0 ? &btf_vmlinux : NULL;
}

struct dtrace_fbt_funcs *dtrace_fbt_module(struct module *mod)
{
	struct dtrace_fbt_funcs *f;
	char *path;
	int err;

	if (btf_vmlinux.blob == NULL)
		return NULL;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	path = kasprintf(GFP_KERNEL, BTF_DIR "%s", mod->name);
	if (f == NULL || path == NULL) {
		kfree(f);
		kfree(path);
		return NULL;
	}
	f->mod = mod;
	strscpy(f->name, mod->name, sizeof(f->name));
	err = btf_read(f, path, &btf_vmlinux);
	kfree(path);
	if (err == -ENOMEM) {
		kfree(f);
		return NULL;
	}
	return f; /* without BTF (err != 0): no functions */
}

void dtrace_fbt_funcs_drop(struct dtrace_fbt_funcs *f)
{
	kvfree(f->addrs);
	kvfree(f->funcs);
	vfree(f->blob);
	f->addrs = NULL;
	f->funcs = NULL;
	f->blob = NULL;
	f->strs = NULL;
	f->n = 0;
}

/*
 * The kallsyms walkers, found by address (not exported). Before 6.4 the
 * callback is told each symbol's module; since, the module walker takes
 * a module name (NULL: all) and __module_address() tells the module.
 */
#ifdef DTRACE_HAVE_KALLSYMS_MODARG
typedef int (*sym_cb)(void *, const char *, struct module *, unsigned long);
typedef int (*each_symbol_fn)(sym_cb fn, void *data);
#define SYM_CB(fn, d, name, mod, addr)                        \
	int fn(void *d, const char *name, struct module *mod, \
	       unsigned long addr)
#else
typedef int (*sym_cb)(void *, const char *, unsigned long);
typedef int (*each_kernel_symbol_fn)(sym_cb fn, void *data);
typedef int (*each_module_symbol_fn)(const char *modname, sym_cb fn,
				     void *data);
typedef struct module *(*module_address_fn)(unsigned long addr);
static module_address_fn module_address;
#define SYM_CB(fn, d, name, mod, addr) \
	int fn(void *d, const char *name, unsigned long addr)
#endif

typedef bool (*blacklisted_fn)(unsigned long addr);

static void *each_kernel_sym, *each_module_sym;
static blacklisted_fn blacklisted;

/*
 * fn over the symbols of the module named modname, or of every module
 * (NULL); before 6.4 always of every module, fn telling them apart.
 */
static void walk_module_syms(const char *modname, sym_cb fn, void *data)
{
#ifdef DTRACE_HAVE_KALLSYMS_MODARG
	((each_symbol_fn)each_module_sym)(fn, data);
#else
	((each_module_symbol_fn)each_module_sym)(modname, fn, data);
#endif
}

/* fn over vmlinux's symbols (mod NULL) or those of mod. */
static void walk_syms(struct module *mod, sym_cb fn, void *data)
{
	if (mod != NULL)
		walk_module_syms(mod->name, fn, data);
#ifdef DTRACE_HAVE_KALLSYMS_MODARG
	else
		((each_symbol_fn)each_kernel_sym)(fn, data);
#else
	else
		((each_kernel_symbol_fn)each_kernel_sym)(fn, data);
#endif
}

struct mods_walk {
	struct module **out;
	u32 max, n;
	struct module *last;
};

/* Under module_mutex, which orders our look at state with unloads. */
static SYM_CB(mods_sym, data, name, mod_arg, addr)
{
	struct mods_walk *w = data;
#ifdef DTRACE_HAVE_KALLSYMS_MODARG
	struct module *mod = mod_arg;
#else
	struct module *mod = module_address(addr);

	if (mod == NULL)
		return 0;
#endif

	if (mod == w->last)
		return 0;
	w->last = mod;
	if (mod->state != MODULE_STATE_LIVE)
		return 0;
	if (w->n < w->max)
		w->out[w->n] = mod;
	w->n++;
	return 0;
}

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
	if (dtrace_is_endbr((u32 *)(addr - ENDBR_INSN_SIZE)))
		addr -= ENDBR_INSN_SIZE;
#endif
	return addr;
}

static int find_funcs(void)
{
	if (each_kernel_sym != NULL)
		return 0;
	each_module_sym = (void *)find_func("module_kallsyms_on_each_symbol");
	blacklisted = (blacklisted_fn)find_func("within_kprobe_blacklist");
#ifndef DTRACE_HAVE_KALLSYMS_MODARG
	module_address = (module_address_fn)find_func("__module_address");
	if (module_address == NULL)
		return -ENOSYS;
#endif
	each_kernel_sym = (void *)find_func("kallsyms_on_each_symbol");
	if (each_kernel_sym == NULL || each_module_sym == NULL ||
	    blacklisted == NULL) {
		each_kernel_sym = NULL;
		return -ENOSYS;
	}
	return 0;
}

u32 dtrace_fbt_modules(struct module **out, u32 max)
{
	struct mods_walk w = { .out = out, .max = max };

	if (find_funcs() != 0)
		return 0;
	/* Any module's symbols: mods_sym() tells the modules apart. */
	walk_module_syms(NULL, mods_sym, &w);
	return w.n;
}

const char *dtrace_fbt_func(const struct dtrace_fbt_funcs *f, u32 i)
{
	u32 off;

	if (i >= f->n)
		return NULL;
	off = f->funcs[i];
	if (f == &btf_vmlinux)
		return f->strs + off;
	if (off < f->str_base)
		return btf_vmlinux.strs + off; /* a name vmlinux has too */
	return f->strs + off - f->str_base;
}

u32 dtrace_fbt_func_find(const struct dtrace_fbt_funcs *f, const char *name)
{
	u32 i;

	for (i = 0; i < f->n; i++)
		if (strcmp(dtrace_fbt_func(f, i), name) == 0)
			break;
	return i;
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
	struct dtrace_fbt_funcs *f;
	u32 *slots; /* function index + 1, 0 = empty */
	u32 mask;
	unsigned long sinit, einit; /* init text, freed after boot */
};

static SYM_CB(addr_sym, data, name, mod_arg, addr)
{
	struct addr_walk *w = data;
	struct dtrace_fbt_funcs *f = w->f;
#ifdef DTRACE_HAVE_KALLSYMS_MODARG
	struct module *mod = mod_arg;
#else
	struct module *mod = f->mod; /* the walk is of f's symbols only */
#endif
	u32 h, slot;

	if (mod != f->mod)
		return 0;
	if (mod == NULL && strcmp(name, "_sinittext") == 0)
		w->sinit = addr;
	else if (mod == NULL && strcmp(name, "_einittext") == 0)
		w->einit = addr;
	/* A live module's init text is gone, its symbols with it. */
	if (mod != NULL && !within_module_core(addr, mod))
		return 0;
	for (h = name_hash(name) & w->mask; (slot = w->slots[h]) != 0;
	     h = (h + 1) & w->mask) {
		if (strcmp(dtrace_fbt_func(f, slot - 1), name) != 0)
			continue;
		if (f->addrs[slot - 1] == 0) /* the first, as kprobes */
			f->addrs[slot - 1] = addr;
		break;
	}
	return 0;
}

/* Drops __init functions, those kprobes refuse and ours; how many refused. */
static u32 addrs_filter(struct dtrace_fbt_funcs *f, const struct addr_walk *w)
{
	u32 i, nblack = 0;

	for (i = 0; i < f->n; i++) {
		/* __init functions are in BTF but gone, and ftrace forgot them. */
		if (f->addrs[i] >= w->sinit && f->addrs[i] < w->einit)
			f->addrs[i] = 0;
		/*
		 * What kprobes refuse: the low-level paths fbt leaves alone;
		 * and this module's own text, which fbt's handler calls
		 * before the core's re-entry guard (fbt.c, fbt_ftrace).
		 */
		if (f->addrs[i] != 0 &&
		    (blacklisted(f->addrs[i]) ||
		     within_module(f->addrs[i], THIS_MODULE))) {
			f->addrs[i] = 0;
			nblack++;
		}
		if ((i & 1023) == 0)
			cond_resched();
	}
	return nblack;
}

int dtrace_fbt_addrs_load(struct dtrace_fbt_funcs *f)
{
	struct addr_walk w = { .f = f };
	u32 i, h, size, nblack;
	int err;

	if (f->addrs != NULL || f->n == 0)
		return f->n == 0 && f == &btf_vmlinux ? -ENOENT : 0;
	err = find_funcs();
	if (err != 0)
		return err;
	size = roundup_pow_of_two(f->n * 2);
	w.mask = size - 1;
	w.slots = kvcalloc(size, sizeof(*w.slots), GFP_KERNEL);
	f->addrs = kvcalloc(f->n, sizeof(*f->addrs), GFP_KERNEL);
	if (w.slots == NULL || f->addrs == NULL) {
		kvfree(w.slots);
		kvfree(f->addrs);
		f->addrs = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < f->n; i++) {
		h = name_hash(dtrace_fbt_func(f, i)) & w.mask;
		while (w.slots[h] != 0)
			h = (h + 1) & w.mask;
		w.slots[h] = i + 1;
	}
	walk_syms(f != &btf_vmlinux ? f->mod : NULL, addr_sym, &w);
	kvfree(w.slots);
	nblack = addrs_filter(f, &w);
	pr_info("dtrace: fbt: %s: %u functions kprobes refuse are not "
		"offered\n",
		f->name, nblack);
	return 0;
}

unsigned long dtrace_fbt_func_addr(const struct dtrace_fbt_funcs *f, u32 i)
{
	return f->addrs != NULL && i < f->n ? f->addrs[i] : 0;
}

void dtrace_fbt_funcs_free(void)
{
	dtrace_fbt_funcs_drop(&btf_vmlinux);
	btf_vmlinux.str_base = 0;
}
#endif /* DTRACE_HAVE_FTRACE_REGS */

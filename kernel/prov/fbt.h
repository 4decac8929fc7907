/* SPDX-License-Identifier: GPL-2.0 */
/* fbt's function lists (fbt_btf.c), used by the provider (fbt.c). */
#ifndef _DTRACE_PROV_FBT_H
#define _DTRACE_PROV_FBT_H

#include <linux/module.h>
#include <linux/types.h>

struct pt_regs;

/*
 * The traceable functions of one BTF object: vmlinux, or a loaded
 * module (split BTF on vmlinux's). All calls under dtrace_lock.
 */
struct dtrace_fbt_funcs {
	struct dtrace_fbt_funcs *next; /* fbt.c's module tables */
	struct module *mod;	       /* NULL: vmlinux */
	bool gone;		       /* the module was unloaded */
	u32 nprobes;		       /* fbt.c's probes on it */
	char name[MODULE_NAME_LEN];
	void *blob;	  /* the BTF file */
	const char *strs; /* its string section */
	u32 str_base;	  /* split: below are vmlinux's */
	u32 *funcs;	  /* name offsets of FUNC types */
	u32 n;
	unsigned long *addrs; /* per function, 0 if unknown */
};

/* vmlinux's list, read once; NULL (and *err) if it cannot be read. */
struct dtrace_fbt_funcs *dtrace_fbt_vmlinux(int *err);
/*
 * A loaded module's list (after vmlinux's): NULL without memory; an
 * empty list when the module has no BTF.
 */
struct dtrace_fbt_funcs *dtrace_fbt_module(struct module *mod);
/* Frees the list's BTF and addresses (the struct stays). */
void dtrace_fbt_funcs_drop(struct dtrace_fbt_funcs *f);
/*
 * The live modules (not coming or going: a module seen live gets its
 * GOING notification later), at most max; how many there are.
 */
u32 dtrace_fbt_modules(struct module **out, u32 max);
/* Name of function i (< n); duplicates (static functions) occur. */
const char *dtrace_fbt_func(const struct dtrace_fbt_funcs *f, u32 i);
/* Index of the function named name, or f->n. */
u32 dtrace_fbt_func_find(const struct dtrace_fbt_funcs *f, const char *name);
/* Reads the functions' addresses once; 0 or -errno. */
int dtrace_fbt_addrs_load(struct dtrace_fbt_funcs *f);
/* Address of function i, 0 if unknown; duplicates share the first. */
unsigned long dtrace_fbt_func_addr(const struct dtrace_fbt_funcs *f, u32 i);
/* At unload, after every module list is dropped. */
void dtrace_fbt_funcs_free(void);

/*
 * Return probes (fbt_ret.c; the probe path's parts in fbt_ret.h).
 * ret_init allocates the table of pending returns (process context, 0
 * or -errno); ret_report logs how many returns could not be hooked
 * since the last report; ret_fini, at unload once no handler can hook
 * any more, puts pending return addresses back.
 */
int dtrace_fbt_ret_init(void);
void dtrace_fbt_ret_report(void);
void dtrace_fbt_ret_fini(void);
/*
 * What the return trampoline (fbt_tramp.S) pushes, ending at the
 * function's return-address slot, for its handler (fbt_ret.c): the
 * firing's arguments (arg0 = 0, arg1 = the return value) are read in
 * it, and stack() starts from the caller as if the return had happened.
 */
struct dtrace_fbt_ret_frame {
	unsigned long zero;
	unsigned long bp;  /* the caller's frame pointer */
	unsigned long rdx; /* the second half of a 128-bit return value */
	unsigned long rv;  /* rax */
	unsigned long ret; /* the slot: 0, the original address once found */
};

#endif /* _DTRACE_PROV_FBT_H */

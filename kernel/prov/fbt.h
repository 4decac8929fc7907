/* SPDX-License-Identifier: GPL-2.0 */
/* fbt's function list (fbt_btf.c), used by the provider (fbt.c). */
#ifndef _DTRACE_PROV_FBT_H
#define _DTRACE_PROV_FBT_H

#include <linux/types.h>

struct pt_regs;

/* Reads the list once; 0 or -errno. Call under dtrace_lock. */
int dtrace_fbt_funcs_load(void);
u32 dtrace_fbt_nfuncs(void);
/* Name of function i (< nfuncs); duplicates (static functions) occur. */
const char *dtrace_fbt_func(u32 i);
/*
 * Reads the functions' addresses once (after funcs_load); 0 or -errno.
 * Call under dtrace_lock.
 */
int dtrace_fbt_addrs_load(void);
/* Address of function i, 0 if unknown; duplicates share the first. */
unsigned long dtrace_fbt_func_addr(u32 i);
void dtrace_fbt_funcs_free(void);

/*
 * Return probes (fbt_ret.c). ret_init allocates the table of pending
 * returns (process context, 0 or -errno); ret_hook, at the entry of the
 * function at ip, makes it return through the trampoline (false when
 * it cannot); ret_report logs how many returns could not be hooked
 * since the last report; ret_fini, at unload once no handler can hook
 * any more, puts pending return addresses back.
 */
int dtrace_fbt_ret_init(void);
bool dtrace_fbt_ret_hook(unsigned long *slot, unsigned long ip);
void dtrace_fbt_ret_report(void);
void dtrace_fbt_ret_fini(void);
/* fbt.c: fires the return probes of the function at ip. */
void dtrace_fbt_ret_fire(unsigned long ip, unsigned long rv,
			 struct pt_regs *caller);

#endif /* _DTRACE_PROV_FBT_H */

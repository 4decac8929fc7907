/* SPDX-License-Identifier: GPL-2.0 */
/* fbt's function list (fbt_btf.c), used by the provider (fbt.c). */
#ifndef _DTRACE_PROV_FBT_H
#define _DTRACE_PROV_FBT_H

#include <linux/types.h>

/* Reads the list once; 0 or -errno. Call under dtrace_lock. */
int dtrace_fbt_funcs_load(void);
u32 dtrace_fbt_nfuncs(void);
/* Name of function i (< nfuncs); duplicates (static functions) occur. */
const char *dtrace_fbt_func(u32 i);
void dtrace_fbt_funcs_free(void);

#endif /* _DTRACE_PROV_FBT_H */

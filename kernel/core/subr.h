/* SPDX-License-Identifier: GPL-2.0 */
/* Between dif_subr.c (dispatch) and the other dif_subr_*.c files. */
#ifndef _DTRACE_CORE_SUBR_H
#define _DTRACE_CORE_SUBR_H

#include "core/difo.h"

bool dtrace_subr_is_string(uint32_t subr);
/* a[] holds ntup argument values (at least the minimum count). */
uint64_t dtrace_subr_string(struct dtrace_mstate *ms, uint32_t subr,
			    const uint64_t *a, uint32_t ntup);

/* dif_subr_text.c */
uint64_t dtrace_subr_cleanpath(struct dtrace_mstate *ms, uintptr_t s);
uint64_t dtrace_subr_strtok(struct dtrace_mstate *ms, uintptr_t s,
			    uintptr_t delim);
uint64_t dtrace_subr_json(struct dtrace_mstate *ms, uintptr_t text,
			  uintptr_t path);

/* dif_subr_net.c: inet_ntop(), inet_ntoa(), inet_ntoa6(), link_ntop(). */
uint64_t dtrace_subr_net(struct dtrace_mstate *ms, uint32_t subr,
			 const uint64_t *a);

/* dif_subr_path.c: d_path(), and cwd/rootdir (root true) for dif_builtin.c. */
uint64_t dtrace_dif_path(struct dtrace_mstate *ms, uint64_t addr);
uint64_t dtrace_dif_fs_path(struct dtrace_mstate *ms, bool root);

#endif /* _DTRACE_CORE_SUBR_H */

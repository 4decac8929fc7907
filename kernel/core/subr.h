/* SPDX-License-Identifier: GPL-2.0 */
/* Between dif_subr.c (dispatch) and dif_subr_str.c (string subroutines). */
#ifndef _DTRACE_CORE_SUBR_H
#define _DTRACE_CORE_SUBR_H

#include "core/difo.h"

bool dtrace_subr_is_string(uint32_t subr);
/* a[] holds ntup argument values (at least the minimum count). */
uint64_t dtrace_subr_string(struct dtrace_mstate *ms, uint32_t subr,
			    const uint64_t *a, uint32_t ntup);

#endif /* _DTRACE_CORE_SUBR_H */

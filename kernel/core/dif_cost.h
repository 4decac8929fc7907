/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The worst-case cost of one run of a DIFO, in the units of
 * dtrace/limits.h §2. Needs nothing but the uapi headers, so that the
 * compiler can build dif_cost.c too and refuse what ENABLE would.
 */
#ifndef _DTRACE_CORE_DIF_COST_H
#define _DTRACE_CORE_DIF_COST_H

#include "dtrace/dif.h"
#include "dtrace/limits.h"

/* What one string, and one sized copy, may touch under a state's options. */
struct dtrace_cost_env {
	uint64_t strsize;
	uint64_t scratch; /* the scratch area (buffer.c sizes it) */
	uint64_t nspec;	  /* speculation() looks at each id (spec.c) */
};

/* The per-CPU scratch area for these options, as buffer.c sizes it. */
static inline uint64_t dtrace_cost_scratch(uint64_t strsize,
					   uint64_t scratchsize)
{
	return scratchsize + 8 * (strsize + 8);
}

/*
 * DIF is loop-free, so no run executes an instruction twice: the sum
 * over all instructions bounds every path. code must be valid.
 */
uint64_t dtrace_dif_cost(const dif_instr_t *code, uint32_t ncode,
			 const struct dtrace_difv *vars, uint32_t nvars,
			 const struct dtrace_cost_env *env);

#endif /* _DTRACE_CORE_DIF_COST_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Worst-case cost of a DIFO (limits.h §2): each instruction, plus the
 * bytes it may touch. A string is at most strsize bytes wherever it is
 * read or written, walked a byte at a time; a copy whose size is a
 * run-time value (copyin, bcopy, alloca, COPYS...) is at most the
 * scratch area, since anything larger faults BADSIZE or NOSCRATCH
 * first, and moves a word per unit. Subroutines are charged the passes
 * their implementation makes over a string (all linear), walks the
 * frames or parents they may visit, and a dynamic variable the longest
 * hash chain a lookup walks (DTRACE_DYN_CHAIN_MAX).
 */
#include "core/dif_cost.h"

#define SUM_MAX(a, b) ((a) > (b) ? (a) : (b))

/* Bytes a subroutine may touch, besides its instruction. */
static uint64_t subr_cost(uint32_t subr, const struct dtrace_cost_env *e)
{
	uint64_t s = e->strsize;

	switch (subr) {
	case DIF_SUBR_COPYIN:
	case DIF_SUBR_COPYINTO:
	case DIF_SUBR_BCOPY:
	case DIF_SUBR_ALLOCA:
		return DTRACE_COST_LOAD + e->scratch / DTRACE_COST_BULK;
	case DIF_SUBR_COPYOUT:
		return DTRACE_COST_LOAD + DTRACE_COPYOUT_MAX / DTRACE_COST_BULK;
	case DIF_SUBR_STRLEN:
	case DIF_SUBR_STRCHR:
	case DIF_SUBR_STRRCHR:
	case DIF_SUBR_TOUPPER:
	case DIF_SUBR_TOLOWER:
	case DIF_SUBR_LLTOSTR:
	case DIF_SUBR_STRTOLL:
	case DIF_SUBR_BASENAME:
	case DIF_SUBR_DIRNAME:
	case DIF_SUBR_COPYINSTR:
	case DIF_SUBR_COPYINARGS:
	case DIF_SUBR_COPYOUTSTR:
	case DIF_SUBR_INET_NTOP:
	case DIF_SUBR_INET_NTOA:
	case DIF_SUBR_INET_NTOA6:
	case DIF_SUBR_LINK_NTOP:
		return 3 * s; /* read, copy, one more scan */
	case DIF_SUBR_STRJOIN:
	case DIF_SUBR_SUBSTR:
	case DIF_SUBR_STRSTR:
	case DIF_SUBR_INDEX:
	case DIF_SUBR_RINDEX:
	case DIF_SUBR_STRTOK:
	case DIF_SUBR_CLEANPATH:
		return 4 * s; /* two strings, each copied and scanned */
	case DIF_SUBR_JSON:
	case DIF_SUBR_D_PATH:
		return 8 * s;	 /* a walk per path element */
	case DIF_SUBR_PROGENYOF: /* up to 1,024 parents (port_linux.c) */
		return DTRACE_MAX_FRAMES * DTRACE_COST_LOAD;
	case DIF_SUBR_SPECULATION: /* a free id among nspec */
		return DTRACE_COST_LOAD + e->nspec * DTRACE_COST_INSTR;
	default:
		return DTRACE_COST_LOAD;
	}
}

/* Largest value a store may copy: by-reference variables only. */
static uint64_t value_max(const struct dtrace_difv *vars, uint32_t nvars,
			  uint64_t strsize)
{
	uint64_t m = 8;
	uint32_t i;

	for (i = 0; i < nvars; i++) {
		const struct dtrace_diftype *t = &vars[i].dtdv_type;

		if (t->dtdt_kind == DIF_TYPE_STRING)
			m = SUM_MAX(m, strsize);
		else if (t->dtdt_flags & DIF_TF_BYREF)
			m = SUM_MAX(m, (uint64_t)t->dtdt_size);
	}
	return m;
}

/*
 * Bytes a dynamic-variable key may have: the pushes of the whole DIFO
 * (each runs at most once), never more than a full tuple stack. A
 * non-string by-reference push may be as long as a full key.
 */
static uint64_t key_max(const dif_instr_t *code, uint32_t ncode,
			uint64_t strsize)
{
	uint64_t entry = 4 + SUM_MAX(strsize, 8);
	uint64_t full = 16 + DIF_DTR_NREGS * entry, sum = 16;
	uint32_t pc;

	for (pc = 0; pc < ncode && sum < full; pc++) {
		dif_instr_t in = code[pc];

		if (DIF_INSTR_OP(in) == DIF_OP_PUSHTV)
			sum += 12;
		else if (DIF_INSTR_OP(in) == DIF_OP_PUSHTR)
			sum += DIF_INSTR_TYPE(in) == DIF_TYPE_STRING ? entry :
								       full;
	}
	return sum < full ? sum : full;
}

uint64_t dtrace_dif_cost(const dif_instr_t *code, uint32_t ncode,
			 const struct dtrace_difv *vars, uint32_t nvars,
			 const struct dtrace_cost_env *env)
{
	uint64_t vmax = value_max(vars, nvars, env->strsize);
	uint64_t kmax = key_max(code, ncode, env->strsize);
	/* Build, hash and compare the key, walk a chain; copy a value. */
	uint64_t dyn = DTRACE_COST_LOAD + 3 * kmax +
		       DTRACE_DYN_CHAIN_MAX * DTRACE_COST_LOAD;
	uint64_t cost = 0;
	uint32_t pc;

	for (pc = 0; pc < ncode; pc++) {
		dif_instr_t in = code[pc];
		uint8_t op = DIF_INSTR_OP(in);

		cost += DTRACE_COST_INSTR;
		switch (op) {
		case DIF_OP_SCMP:
			cost += 2 * env->strsize;
			break;
		case DIF_OP_LDSB:
		case DIF_OP_LDSH:
		case DIF_OP_LDSW:
		case DIF_OP_LDUB:
		case DIF_OP_LDUH:
		case DIF_OP_LDUW:
		case DIF_OP_LDX:
		case DIF_OP_LDGA:
			cost += DTRACE_COST_LOAD;
			break;
		case DIF_OP_LDGS:
			if (DIF_INSTR_INDEX(in) == DIF_VAR_STACKDEPTH ||
			    DIF_INSTR_INDEX(in) == DIF_VAR_USTACKDEPTH)
				cost += DTRACE_MAX_FRAMES * DTRACE_COST_FRAME;
			else if (DIF_INSTR_INDEX(in) < DIF_VAR_OTHER_UBASE)
				cost += DTRACE_COST_LOAD; /* a built-in */
			break;
		case DIF_OP_STGS:
		case DIF_OP_STLS:
			cost += vmax;
			break;
		case DIF_OP_LDTS:
		case DIF_OP_LDGAA:
		case DIF_OP_LDTAA:
			cost += dyn;
			break;
		case DIF_OP_STTS:
		case DIF_OP_STGAA:
		case DIF_OP_STTAA:
			cost += dyn + vmax;
			break;
		case DIF_OP_CALL:
			cost += subr_cost(DIF_INSTR_INDEX(in), env);
			break;
		case DIF_OP_ALLOCS:
		case DIF_OP_COPYS:
			cost += DTRACE_COST_LOAD +
				env->scratch / DTRACE_COST_BULK;
			break;
		default:
			if (dif_op_is_uload(op))
				cost += DTRACE_COST_LOAD;
			break;
		}
	}
	return cost;
}

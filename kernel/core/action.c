// SPDX-License-Identifier: GPL-2.0
/*
 * Action kinds: what each one needs in a clause (head or continuation,
 * a DIFO, privileges) and the shape of the record it leaves in the
 * principal buffer. The record layouts here are the ABI the consumer
 * decodes through DTRACEIOC_EPDESC; buf.h and actions.def describe them.
 */
#include "core/enable.h"
#include "core/util.h"

#define K	DTRACE_AF_KNOWN
#define C	DTRACE_AF_CONT
#define D	DTRACE_AF_DIFO
#define R	DTRACE_AF_REFUSED

uint32_t dtrace_act_flags(uint16_t kind)
{
	switch (kind) {
	case DTRACEACT_PRINTF: case DTRACEACT_PRINTA:
	case DTRACEACT_LIBACT: case DTRACEACT_SETOPT:
	case DTRACEACT_STACK: case DTRACEACT_USTACK: case DTRACEACT_JSTACK:
	case DTRACEACT_STOP: case DTRACEACT_SYSTEM: case DTRACEACT_FREOPEN:
	case DTRACEACT_FTRUNCATE: case DTRACEACT_AGG_COUNT:
		return K;
	case DTRACEACT_DIFEXPR: case DTRACEACT_EXIT: case DTRACEACT_TRACEMEM:
	case DTRACEACT_PRINT: case DTRACEACT_SPECULATE:
	case DTRACEACT_COMMIT: case DTRACEACT_DISCARD:
	case DTRACEACT_USYM: case DTRACEACT_UMOD: case DTRACEACT_UADDR:
	case DTRACEACT_SYM: case DTRACEACT_MOD:
	case DTRACEACT_RAISE: case DTRACEACT_CHILL:
	case DTRACEACT_AGG_SUM: case DTRACEACT_AGG_AVG:
	case DTRACEACT_AGG_MIN: case DTRACEACT_AGG_MAX:
	case DTRACEACT_AGG_STDDEV: case DTRACEACT_AGG_QUANTIZE:
	case DTRACEACT_AGG_LQUANTIZE: case DTRACEACT_AGG_LLQUANTIZE:
		return K | D;
	case DTRACEACT_ARG: case DTRACEACT_TRACEMEM_DYNSIZE:
	case DTRACEACT_AGGKEY: case DTRACEACT_AGGINCR:
		return K | C | D;
	case DTRACEACT_BREAKPOINT: case DTRACEACT_PANIC:
		return K | R;
	default:
		return 0;
	}
}

#undef K
#undef C
#undef D
#undef R

/* May continuation kind k follow head kind h? */
static bool cont_ok(uint16_t h, uint16_t k, bool last)
{
	if (DTRACEACT_ISAGG(h))
		return k == DTRACEACT_AGGKEY || (k == DTRACEACT_AGGINCR && last);
	if (h == DTRACEACT_TRACEMEM)
		return k == DTRACEACT_TRACEMEM_DYNSIZE;
	return k == DTRACEACT_ARG;
}

static bool llquantize_ok(uint64_t arg)
{
	uint16_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint16_t lo = DTRACE_LLQUANTIZE_LOW(arg);
	uint16_t hi = DTRACE_LLQUANTIZE_HIGH(arg);
	uint16_t n = DTRACE_LLQUANTIZE_NSTEP(arg);
	uint64_t v = 1;
	uint32_t i;

	if (f < 2 || lo > hi || n < f || n % f != 0)
		return false;
	for (i = 0; i <= hi; i++) {	/* factor^(high+1) must fit */
		if (v > (((uint64_t)1 << 63) - 1) / f)
			return false;
		v *= f;
	}
	return true;
}

/* Kind-specific limits on dtpa_arg. */
static bool arg_ok(const struct dtrace_prog_action *a)
{
	uint64_t arg = a->dtpa_arg;

	switch (a->dtpa_kind) {
	case DTRACEACT_STACK:
		return arg <= DTRACE_MAX_FRAMES;
	case DTRACEACT_USTACK:
	case DTRACEACT_JSTACK:
		return (arg & 0xffffffffu) <= DTRACE_MAX_FRAMES &&
		       (arg >> 32) <= DTRACE_MAX_USTRSIZE;
	case DTRACEACT_TRACEMEM:
		return arg > 0 && arg <= DTRACE_MAX_TRACEMEM;
	case DTRACEACT_AGG_LQUANTIZE:
		return DTRACE_LQUANTIZE_LEVELS(arg) > 0 &&
		       DTRACE_LQUANTIZE_STEP(arg) > 0;
	case DTRACEACT_AGG_LLQUANTIZE:
		return llquantize_ok(arg);
	default:
		return true;
	}
}

static int check_one(const struct dtrace_progview *pv, uint32_t i,
		     const uint64_t *opts, struct dtrace_enable_res *res)
{
	const struct dtrace_prog_action *a = &pv->acts[i];
	uint32_t f = dtrace_act_flags(a->dtpa_kind);

	if (f & DTRACE_AF_REFUSED)
		return dtrace_enable_fail(res, -EOPNOTSUPP, "action ", i,
					  " is not supported on Linux");
	if (DTRACEACT_ISDESTRUCTIVE(a->dtpa_kind) &&
	    opts[DTRACEOPT_DESTRUCTIVE] == 0)
		return dtrace_enable_fail(res, -EPERM, "action ", i,
					  " is destructive (needs -w)");
	if ((f & DTRACE_AF_DIFO) && a->dtpa_difo == DTRACE_NONE)
		return dtrace_enable_fail(res, -EINVAL, "action ", i,
					  " needs a DIFO");
	if (!arg_ok(a))
		return dtrace_enable_fail(res, -EINVAL, "action ", i,
					  ": argument out of range");
	return 0;
}

int dtrace_clause_check(const struct dtrace_progview *pv, uint32_t c,
			const uint64_t *opts, struct dtrace_enable_res *res)
{
	const struct dtrace_prog_clause *cl = &pv->clauses[c];
	uint32_t i = cl->dtpc_action, end = i + cl->dtpc_naction, j;
	int err;

	res->clause = c;
	while (i < end) {
		const struct dtrace_prog_action *h = &pv->acts[i];

		if (dtrace_act_flags(h->dtpa_kind) & DTRACE_AF_CONT)
			return dtrace_enable_fail(res, -EINVAL, "action ", i,
						  " continues no head");
		if ((uint64_t)i + 1 + h->dtpa_ntuple > end)
			return dtrace_enable_fail(res, -EINVAL, "action ", i,
						  ": continuations overrun");
		for (j = i; j <= i + h->dtpa_ntuple; j++) {
			err = check_one(pv, j, opts, res);
			if (err != 0)
				return err;
			if (j > i && !cont_ok(h->dtpa_kind,
					      pv->acts[j].dtpa_kind,
					      j == i + h->dtpa_ntuple))
				return dtrace_enable_fail(res, -EINVAL,
							  "action ", j,
							  ": bad continuation");
			if (j > i && pv->acts[j].dtpa_ntuple != 0)
				return dtrace_enable_fail(res, -EINVAL,
							  "action ", j,
							  ": nested tuple");
		}
		i = j;
	}
	res->clause = DTRACE_NONE;
	return 0;
}

void dtrace_value_layout(const struct dtrace_diftype *t, uint32_t strsize,
			 uint8_t *vk, uint32_t *size, uint32_t *align)
{
	if (t->dtdt_kind == DIF_TYPE_STRING) {
		*vk = DTRACE_VK_STRING;
		*size = strsize;
		*align = 1;
	} else if (t->dtdt_flags & (DIF_TF_BYREF | DIF_TF_BYUREF)) {
		*vk = t->dtdt_flags & DIF_TF_BYUREF ? DTRACE_VK_UREF :
						      DTRACE_VK_REF;
		*size = t->dtdt_size;
		*align = 1;
	} else {
		*vk = DTRACE_VK_VALUE;
		*size = t->dtdt_size;
		*align = t->dtdt_size;
	}
}

/* Fixed-shape records: size and alignment by kind. */
static void fixed_layout(struct dtrace_action *act, uint8_t rk,
			 uint32_t size, uint32_t align, uint32_t *alignp)
{
	act->rk = rk;
	act->size = size;
	*alignp = align;
}

/*
 * Lays out one action's record: sets act->rk/vk/size and *align.
 * Data actions record their DIFO's value; size-0 records still get a
 * record description so every action has one.
 */
void dtrace_action_layout(struct dtrace_action *act, uint32_t strsize,
			  uint32_t *align)
{
	uint64_t arg = act->arg;
	uint32_t sz;

	*align = 1;
	act->size = 0;
	act->rk = DTRACE_RK_NONE;
	switch (act->kind) {
	case DTRACEACT_EXIT:
		fixed_layout(act, DTRACE_RK_EXIT, 4, 4, align);
		return;
	case DTRACEACT_COMMIT: case DTRACEACT_DISCARD:
	case DTRACEACT_SYM: case DTRACEACT_MOD:
		fixed_layout(act, DTRACE_RK_U64, 8, 8, align);
		return;
	case DTRACEACT_USYM: case DTRACEACT_UMOD: case DTRACEACT_UADDR:
		fixed_layout(act, DTRACE_RK_PIDADDR, 16, 8, align);
		return;
	case DTRACEACT_TRACEMEM:
		fixed_layout(act, DTRACE_RK_TRACEMEM, (uint32_t)arg, 1, align);
		return;
	case DTRACEACT_STACK:
		fixed_layout(act, DTRACE_RK_STACK, (uint32_t)arg * 8, 8, align);
		return;
	case DTRACEACT_USTACK: case DTRACEACT_JSTACK:
		sz = 8 * (1 + (uint32_t)(arg & 0xffffffffu)) +
		     (uint32_t)(arg >> 32);
		fixed_layout(act, DTRACE_RK_USTACK, sz, 8, align);
		return;
	case DTRACEACT_SPECULATE: case DTRACEACT_RAISE:
	case DTRACEACT_STOP: case DTRACEACT_CHILL:
		fixed_layout(act, DTRACE_RK_ILLOP, 0, 1, align);
		return;
	case DTRACEACT_AGGKEY: case DTRACEACT_AGGINCR:
		return;
	default:
		break;
	}
	if (DTRACEACT_ISAGG(act->kind)) {
		act->rk = DTRACE_RK_AGG;
		return;
	}
	if (act->difo != NULL) {
		act->rk = DTRACE_RK_VALUE;
		dtrace_value_layout(&act->difo->rtype, strsize, &act->vk,
				    &act->size, align);
	}
}

/* Value bytes of an aggregating action (buf.h). */
uint32_t dtrace_agg_valsize(uint16_t kind, uint64_t arg)
{
	uint32_t mags, n;

	switch (kind) {
	case DTRACEACT_AGG_AVG:
		return 16;
	case DTRACEACT_AGG_STDDEV:
		return 32;
	case DTRACEACT_AGG_QUANTIZE:
		return DTRACE_QUANTIZE_NBUCKETS * 8;
	case DTRACEACT_AGG_LQUANTIZE:
		return 8 + (DTRACE_LQUANTIZE_LEVELS(arg) + 2u) * 8;
	case DTRACEACT_AGG_LLQUANTIZE:
		mags = DTRACE_LLQUANTIZE_HIGH(arg) -
		       DTRACE_LLQUANTIZE_LOW(arg) + 1u;
		n = DTRACE_LLQUANTIZE_NSTEP(arg);
		n -= n / DTRACE_LLQUANTIZE_FACTOR(arg);
		return 8 + (mags * n + 2) * 8;
	default:
		return 8;
	}
}

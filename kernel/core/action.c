// SPDX-License-Identifier: GPL-2.0
/*
 * Action kinds: what each one needs in a clause (head or continuation,
 * a DIFO, privileges) and the shape of the record it leaves in the
 * principal buffer. The record layouts here are the ABI the consumer
 * decodes through DTRACEIOC_EPDESC; buf.h and actions.def describe them.
 */
#include "core/difo.h"
#include "core/enable.h"
#include "core/util.h"
#include "dtrace/ustack.h"

/* What a kind's dtpa_difo, dtpa_format and continuations must be. */
enum { NO = 0, REQ = 1, OPT = 2 };
enum { C_NONE, C_ARGS, C_ARG01, C_DYNSIZE, C_KEYS, C_KEYS_INCR };
/* Where a kind may stand: as a head, as a continuation, or either. */
enum { HEAD = 1, CONT = 2, BOTH = 3 };

/* One kind: a row of action_rules.def, which says what the columns mean. */
struct act_rule {
	uint16_t kind;
	uint8_t difo;  /* NO, REQ */
	uint8_t fmt;   /* NO, REQ, OPT */
	uint8_t conts; /* C_* for heads */
	uint8_t place; /* HEAD, CONT, BOTH */
	uint8_t data;  /* records data in the principal buffer */
	uint8_t rtype; /* DTRACE_RT_* its DIFO must have */
	uint8_t rk;    /* DTRACE_RK_* of its record */
	uint8_t size;
	uint8_t align;
};

/* clang-format off */
static const struct act_rule rules[] = {
#define ACT(k, difo, fmt, conts, place, data, rt, rk, size, align)	\
	{ DTRACEACT_##k, difo, fmt, conts, place, data, DTRACE_RT_##rt,	\
	  DTRACE_RK_##rk, size, align },
#include "core/action_rules.def"
#undef ACT
};

/* Any other kind: a head (so check_entry() names it unknown), no record. */
static const struct act_rule unknown = {
	DTRACEACT_NONE, NO, NO, C_NONE, HEAD, 0, DTRACE_RT_ANY,
	DTRACE_RK_VALUE, 0, 1
};
/* clang-format on */

static const struct act_rule *rule(uint16_t kind)
{
	size_t i;

	for (i = 0; i < DTRACE_ARRAY_SIZE(rules); i++)
		if (rules[i].kind == kind)
			return &rules[i];
	return &unknown;
}

bool dtrace_act_known(uint16_t kind)
{
	return rule(kind) != &unknown;
}

uint8_t dtrace_act_rtype(uint16_t kind)
{
	return rule(kind)->rtype;
}

/* A stack or symbol kind, allowed in place of ARG or AGGKEY. */
static bool stacksym(uint16_t k)
{
	return (k >= DTRACEACT_STACK && k <= DTRACEACT_MOD);
}

/* May continuation kind k be continuation number j (1-based) of h? */
static bool cont_ok(uint16_t h, uint16_t k, uint32_t j, uint32_t n)
{
	switch (rule(h)->conts) {
	case C_ARGS:
		return k == DTRACEACT_ARG || stacksym(k);
	case C_ARG01:
		return n <= 1 && (k == DTRACEACT_ARG || stacksym(k));
	case C_DYNSIZE:
		return n <= 1 && k == DTRACEACT_TRACEMEM_DYNSIZE;
	case C_KEYS_INCR:
		if (k == DTRACEACT_AGGINCR)
			return j == n;
		return k == DTRACEACT_AGGKEY || stacksym(k);
	case C_KEYS:
		return k == DTRACEACT_AGGKEY || stacksym(k);
	default:
		return false;
	}
}

/* llquantize validity, doc/records.md §6.5. */
static bool llquantize_ok(uint64_t arg)
{
	uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint64_t lo = DTRACE_LLQUANTIZE_LOW(arg);
	uint64_t hi = DTRACE_LLQUANTIZE_HIGH(arg);
	uint64_t n = DTRACE_LLQUANTIZE_NSTEP(arg), v = 1, m;

	if (f < 2 || lo > hi || n == 0)
		return false;
	if (n < f ? f % n != 0 : n % f != 0)
		return false;
	for (m = 0; m <= hi; m++) { /* v = f^(m+1) */
		if (v > (((uint64_t)1 << 63) - 1) / f)
			return false;
		v *= f;
		/* each magnitude's steps fall on integers (m = 0: f^2) */
		if (m >= lo && m >= 1 && n > f && v % n != 0)
			return false;
	}
	return true;
}

/* Kind-specific limits on dtpa_arg (doc/program.md §6.3). */
static bool arg_ok(const struct dtrace_prog_action *a)
{
	uint64_t arg = a->dtpa_arg, frames = arg & 0xffffffffu;

	switch (a->dtpa_kind) {
	case DTRACEACT_STACK:
		return arg >= 1 && arg <= DTRACE_MAX_FRAMES;
	case DTRACEACT_USTACK:
	case DTRACEACT_JSTACK:
		frames = DTRACE_USTACK_NFRAMES(arg);
		return frames >= 1 && frames <= DTRACE_MAX_FRAMES &&
		       DTRACE_USTACK_STRSIZE(arg) <= DTRACE_MAX_USTRSIZE &&
		       DTRACE_USTACK_BYTES(arg) <= DTRACE_MAX_USTACKBYTES;
	case DTRACEACT_TRACEMEM:
		return arg >= 1 && arg <= DTRACE_MAX_TRACEMEM;
	case DTRACEACT_LIBACT:
		return arg >= DTRACE_LIBACT_NORMALIZE &&
		       arg <= DTRACE_LIBACT_CLEAR;
	case DTRACEACT_AGG_LQUANTIZE:
		return DTRACE_LQUANTIZE_LEVELS(arg) > 0 &&
		       DTRACE_LQUANTIZE_STEP(arg) > 0;
	case DTRACEACT_AGG_LLQUANTIZE:
		return llquantize_ok(arg);
	default:
		return true;
	}
}

static int bad(struct dtrace_enable_res *res, uint32_t i, const char *why)
{
	return dtrace_enable_fail(res, -EINVAL, "action ", i, why);
}

/* One entry on its own: kind, DIFO, format, argument. */
static int check_entry(const struct dtrace_progview *pv, uint32_t i,
		       struct dtrace_enable_res *res)
{
	const struct dtrace_prog_action *a = &pv->acts[i];
	const struct act_rule *r = rule(a->dtpa_kind);
	bool has_fmt = a->dtpa_format != DTRACE_NONE;

	if (r == &unknown)
		return bad(res, i, ": unknown action kind");
	if (a->dtpa_kind == DTRACEACT_BREAKPOINT ||
	    a->dtpa_kind == DTRACEACT_PANIC)
		return bad(res, i,
			   ": breakpoint() and panic() are not "
			   "supported on Linux");
	if ((r->difo == REQ) != (a->dtpa_difo != DTRACE_NONE))
		return bad(res, i,
			   r->difo == REQ ? ": needs a DIFO" :
					    ": takes no DIFO");
	if ((r->fmt == REQ && !has_fmt) || (r->fmt == NO && has_fmt))
		return bad(res, i,
			   has_fmt ? ": takes no format" : ": needs a format");
	if (!arg_ok(a))
		return bad(res, i, ": argument out of range");
	return 0;
}

/* A head and its continuations, starting at i (inside [.., end)). */
static int check_head(const struct dtrace_progview *pv, uint32_t i,
		      uint32_t end, struct dtrace_enable_res *res)
{
	const struct dtrace_prog_action *h = &pv->acts[i];
	uint32_t n = h->dtpa_ntuple, j;
	int err;

	if (!(rule(h->dtpa_kind)->place & HEAD))
		return bad(res, i, ": continuation without a head");
	err = check_entry(pv, i, res);
	if (err != 0)
		return err;
	if ((uint64_t)i + 1 + n > end)
		return bad(res, i, ": continuations run past the clause");
	if (n > 0 && rule(h->dtpa_kind)->conts == C_NONE)
		return bad(res, i, ": takes no continuations");
	for (j = 1; j <= n; j++) {
		const struct dtrace_prog_action *c = &pv->acts[i + j];

		if (!cont_ok(h->dtpa_kind, c->dtpa_kind, j, n) ||
		    c->dtpa_ntuple != 0)
			return bad(res, i + j, ": bad continuation");
		err = check_entry(pv, i + j, res);
		if (err != 0)
			return err;
	}
	return 0;
}

/*
 * Whether action i records data in the principal buffer: a statement, a
 * DIFEXPR returning void, records nothing and may come before speculate().
 */
static bool records_data(const struct dtrace_progview *pv, uint32_t i)
{
	const struct dtrace_prog_action *a = &pv->acts[i];

	if (a->dtpa_kind == DTRACEACT_DIFEXPR && a->dtpa_difo < pv->ndifos &&
	    dtrace_diftype_void(&pv->difos[a->dtpa_difo].dtpd_rtype))
		return false;
	return rule(a->dtpa_kind)->data;
}

/* doc/program.md §6.3: speculate() first, and alone of its kind. */
static int check_speculate(const struct dtrace_progview *pv,
			   const struct dtrace_prog_clause *cl,
			   struct dtrace_enable_res *res)
{
	uint32_t i, end = cl->dtpc_action + cl->dtpc_naction;
	bool spec = false, data = false;

	for (i = cl->dtpc_action; i < end; i++) {
		uint16_t k = pv->acts[i].dtpa_kind;

		if (k == DTRACEACT_SPECULATE && (spec || data))
			return bad(res, i,
				   ": speculate() must come first, "
				   "once");
		if (k == DTRACEACT_SPECULATE)
			spec = true;
		data |= records_data(pv, i);
	}
	for (i = cl->dtpc_action; spec && i < end; i++) {
		uint16_t k = pv->acts[i].dtpa_kind;

		if (DTRACEACT_ISAGG(k) || k == DTRACEACT_EXIT ||
		    k == DTRACEACT_COMMIT || k == DTRACEACT_DISCARD)
			return bad(res, i,
				   ": not allowed in a speculative "
				   "clause");
	}
	return 0;
}

int dtrace_clause_check(const struct dtrace_progview *pv, uint32_t c,
			struct dtrace_enable_res *res)
{
	const struct dtrace_prog_clause *cl = &pv->clauses[c];
	uint32_t i = cl->dtpc_action, end = i + cl->dtpc_naction;
	int err;

	res->clause = c;
	while (i < end) {
		err = check_head(pv, i, end, res);
		if (err != 0)
			return err;
		i += 1 + pv->acts[i].dtpa_ntuple;
	}
	err = check_speculate(pv, cl, res);
	if (err == 0)
		res->clause = DTRACE_NONE;
	return err;
}

int dtrace_clause_privs(const struct dtrace_progview *pv, uint32_t c,
			bool destructive, struct dtrace_enable_res *res)
{
	const struct dtrace_prog_clause *cl = &pv->clauses[c];
	uint32_t i;

	for (i = cl->dtpc_action; i < cl->dtpc_action + cl->dtpc_naction; i++) {
		if (!DTRACEACT_ISDESTRUCTIVE(pv->acts[i].dtpa_kind) ||
		    destructive)
			continue;
		res->clause = c;
		return dtrace_enable_fail(res, -EPERM, "action ", i,
					  " is destructive (needs -w)");
	}
	return 0;
}

void dtrace_value_layout(const struct dtrace_diftype *t, uint32_t strsize,
			 uint8_t *vk, uint32_t *size, uint32_t *align)
{
	bool user = (t->dtdt_flags & DIF_TF_BYUREF) != 0;

	if (t->dtdt_kind == DIF_TYPE_STRING) {
		*vk = user ? DTRACE_VK_USTRING : DTRACE_VK_STRING;
		*size = strsize;
		*align = 1;
	} else if (t->dtdt_flags & DIF_TF_BYREF) {
		*vk = user ? DTRACE_VK_UREF : DTRACE_VK_REF;
		*size = t->dtdt_size;
		*align = 1;
	} else {
		*vk = DTRACE_VK_VALUE;
		*size = t->dtdt_size;
		*align = t->dtdt_size;
	}
}

/*
 * Lays out one action's record: sets act->rk/vk/size and *align from
 * its kind's row. Data actions record their DIFO's value; size-0
 * records still get a record description so every action has one.
 */
void dtrace_action_layout(struct dtrace_action *act, uint32_t strsize,
			  uint32_t *align)
{
	const struct act_rule *r = rule(act->kind);
	uint64_t arg = act->arg;

	act->rk = r->rk;
	act->size = r->size;
	*align = r->align;
	switch (r->rk) {
	case DTRACE_RK_TRACEMEM:
		act->size = (uint32_t)arg;
		break;
	case DTRACE_RK_STACK:
		act->size = (uint32_t)arg * 8;
		break;
	case DTRACE_RK_USTACK:
		act->size = (uint32_t)DTRACE_USTACK_RECSIZE(arg);
		break;
	case DTRACE_RK_VALUE:
		if (act->difo != NULL)
			dtrace_value_layout(&act->difo->rtype, strsize,
					    &act->vk, &act->size, align);
		else
			act->rk = DTRACE_RK_NONE;
		break;
	default:
		break;
	}
}

/* Buckets of llquantize (doc/records.md §6.5): NB = 2 (H-L+1) C + 3. */
uint32_t dtrace_llquantize_nbuckets(uint64_t arg)
{
	uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint64_t lo = DTRACE_LLQUANTIZE_LOW(arg);
	uint64_t hi = DTRACE_LLQUANTIZE_HIGH(arg);
	uint64_t s = DTRACE_LLQUANTIZE_NSTEP(arg);

	return (uint32_t)(2 * (hi - lo + 1) * (s - s / f) + 3);
}

/* Value bytes of an aggregating action (doc/records.md §6.2). */
uint32_t dtrace_agg_valsize(uint16_t kind, uint64_t arg)
{
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
		return 8 + dtrace_llquantize_nbuckets(arg) * 8;
	default:
		return 8;
	}
}

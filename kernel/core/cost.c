// SPDX-License-Identifier: GPL-2.0
/*
 * ENABLE's cost check (limits.h §2): a clause's worst-case firing is its
 * predicate, each action's DIFO and the action itself (the bytes it
 * records, keys it hashes, frames it walks). A clause above
 * DTRACE_CLAUSE_COST_MAX could hold a CPU with interrupts off for too
 * long and is refused with its cost and the budget. Each new ECB gets
 * its clause's cost plus the zeroing of its state's clause-locals, which
 * ecb.c adds to its probe's sum at attach (dtrace_probe_charge()).
 */
#include "core/enable.h"
#include "core/dif_cost.h"
#include "core/util.h"
#include "dtrace/ustack.h"

/* Bytes of the value a DIFO returns (strings: strsize). */
static uint64_t value_bytes(const struct dtrace_difo *d, uint64_t strsize)
{
	if (d == NULL)
		return 0;
	if (d->rtype.dtdt_kind == DIF_TYPE_STRING)
		return strsize;
	return d->rtype.dtdt_size;
}

/* An action besides its DIFO: what it records, hashes or walks. */
static uint64_t action_cost(const struct dtrace_prog_action *a,
			    const struct dtrace_difo *d, uint64_t strsize,
			    uint64_t specsize, uint32_t ncpus)
{
	uint64_t c = DTRACE_COST_ACTION, v = value_bytes(d, strsize);
	uint64_t arg = a->dtpa_arg;

	switch (a->dtpa_kind) {
	case DTRACEACT_STACK:
		return c + (arg & 0xffffffffu) * DTRACE_COST_FRAME;
	case DTRACEACT_USTACK:
	case DTRACEACT_JSTACK:
		return c + DTRACE_USTACK_NFRAMES(arg) * DTRACE_COST_FRAME +
		       DTRACE_USTACK_STRSIZE(arg) +
		       DTRACE_USTACK_BYTES(arg) / DTRACE_COST_BULK;
	case DTRACEACT_TRACEMEM:
		return c + (arg & 0xffffffffu) + DTRACE_COST_LOAD;
	case DTRACEACT_AGGKEY:
		return c + 3 * v; /* copied into the key, hashed, compared */
	case DTRACEACT_COMMIT:	  /* copies the buffer, restamps its records */
		return c + v + 2 * (specsize / DTRACE_COST_BULK) +
		       (uint64_t)ncpus * DTRACE_COST_LOAD;
	case DTRACEACT_DISCARD: /* both look at every CPU's buffer (spec.c) */
		return c + v + (uint64_t)ncpus * DTRACE_COST_LOAD;
	default:
		if (DTRACEACT_ISAGG(a->dtpa_kind)) /* a new entry is zeroed */
			return c + v + dtrace_agg_valsize(a->dtpa_kind, arg);
		return c + v;
	}
}

static uint64_t clause_cost(const struct dtrace_progview *pv,
			    const struct dtrace_enabling *en,
			    const uint64_t *dcost, uint32_t c,
			    const uint64_t *opts, uint32_t ncpus)
{
	uint64_t strsize = opts[DTRACEOPT_STRSIZE];
	const struct dtrace_prog_clause *cl = &pv->clauses[c];
	uint64_t cost = DTRACE_COST_ACTION; /* the ECB and its header */
	uint32_t i;

	if (cl->dtpc_pred != DTRACE_NONE)
		cost += dcost[cl->dtpc_pred];
	for (i = 0; i < cl->dtpc_naction; i++) {
		const struct dtrace_prog_action *a =
			&pv->acts[cl->dtpc_action + i];
		const struct dtrace_difo *d = NULL;

		if (a->dtpa_difo != DTRACE_NONE) {
			d = &en->difos[a->dtpa_difo];
			cost += dcost[a->dtpa_difo];
		}
		cost += action_cost(a, d, strsize,
				    DTRACE_MIN(opts[DTRACEOPT_SPECSIZE],
					       (uint64_t)DTRACE_MAX_SPECSIZE),
				    ncpus);
	}
	return cost;
}

static int over_budget(struct dtrace_enable_res *res, uint32_t c, uint64_t cost)
{
	struct dtrace_msg m;

	res->clause = c;
	dtrace_msg_init(&m, res->msg, sizeof(res->msg));
	dtrace_msg_str(&m, "clause ");
	dtrace_msg_u64(&m, c);
	dtrace_msg_str(&m, " may cost ");
	dtrace_msg_u64(&m, cost);
	dtrace_msg_str(&m, " units per firing, above the budget of ");
	dtrace_msg_u64(&m, DTRACE_CLAUSE_COST_MAX);
	dtrace_msg_str(&m, " (fewer or shorter strings)");
	return -E2BIG;
}

int dtrace_enable_cost(struct dtrace_state *st, uint32_t from,
		       const struct dtrace_progview *pv,
		       struct dtrace_enabling *en, const uint64_t *opts,
		       uint64_t lbytes, struct dtrace_enable_res *res)
{
	/* this-> storage is zeroed, a word per unit, as an ECB fires. */
	uint64_t zero = dtrace_zero_cost(lbytes);
	struct dtrace_cost_env env;
	uint64_t *dcost, *ccost;
	uint32_t i;
	int err = 0;

	env.strsize = opts[DTRACEOPT_STRSIZE];
	env.scratch = dtrace_cost_scratch(env.strsize,
					  opts[DTRACEOPT_SCRATCHSIZE]);
	env.nspec = opts[DTRACEOPT_NSPEC];
	dcost = dtrace_zalloc_array(en->ndifos ? en->ndifos : 1,
				    sizeof(*dcost));
	ccost = dtrace_zalloc_array(pv->nclauses ? pv->nclauses : 1,
				    sizeof(*ccost));
	if (dcost == NULL || ccost == NULL) {
		dtrace_port_free(dcost);
		dtrace_port_free(ccost);
		return -ENOMEM;
	}
	for (i = 0; i < en->ndifos && err == 0; i++) {
		const struct dtrace_difo *d = &en->difos[i];

		dcost[i] = dtrace_dif_cost(d->code, d->ncode, d->vars, d->nvars,
					   &env);
		err = dtrace_yield(); /* up to 65,536 instructions each */
	}
	for (i = 0; i < pv->nclauses && err == 0; i++) {
		ccost[i] = clause_cost(pv, en, dcost, i, opts, st->core->ncpus);
		if (ccost[i] > DTRACE_CLAUSE_COST_MAX)
			err = over_budget(res, i, ccost[i]);
	}
	for (i = from; i < st->necbs && err == 0; i++)
		st->ecbs[i]->cost = ccost[st->ecbs[i]->clause] + zero;
	dtrace_port_free(dcost);
	dtrace_port_free(en->ccost);
	en->ccost = ccost; /* late.c's ECBs cost the same */
	return err;
}

/* "clause 3: probe syscall::write:entry may cost 9000000 ..." */
static int over_probe(const struct dtrace_probe *p, uint32_t clause,
		      uint64_t sum, struct dtrace_enable_res *res)
{
	struct dtrace_msg m;

	res->clause = clause;
	dtrace_msg_init(&m, res->msg, sizeof(res->msg));
	if (clause != DTRACE_NONE) {
		dtrace_msg_str(&m, "clause ");
		dtrace_msg_u64(&m, clause);
	} else {
		dtrace_msg_str(&m, "more clause-local variables");
	}
	dtrace_msg_str(&m, ": probe ");
	dtrace_msg_str(&m, p->prov->name);
	dtrace_msg_str(&m, ":");
	dtrace_msg_str(&m, p->mod);
	dtrace_msg_str(&m, ":");
	dtrace_msg_str(&m, p->func);
	dtrace_msg_str(&m, ":");
	dtrace_msg_str(&m, p->name);
	dtrace_msg_str(&m, " may cost ");
	dtrace_msg_u64(&m, sum);
	dtrace_msg_str(&m, " units per firing, above the budget of ");
	dtrace_msg_u64(&m, DTRACE_FIRING_COST_MAX);
	return -E2BIG;
}

/* Would ecb bring its probe's sum above the per-firing budget? */
int dtrace_probe_charge(struct dtrace_ecb *ecb, struct dtrace_enable_res *res)
{
	const struct dtrace_probe *p = ecb->probe;
	uint64_t sum = p->cost + ecb->cost;

	if (sum <= DTRACE_FIRING_COST_MAX)
		return 0;
	return over_probe(p, ecb->clause, sum, res);
}

void dtrace_ecbs_uncharge(struct dtrace_state *st, uint32_t n, uint64_t delta)
{
	uint32_t i;

	for (i = 0; i < n && delta != 0; i++) {
		st->ecbs[i]->probe->cost -= delta;
		st->ecbs[i]->cost -= delta;
		dtrace_yield_every(i); /* must finish: not killable */
	}
}

int dtrace_ecbs_recharge(struct dtrace_state *st, uint32_t n, uint64_t delta,
			 struct dtrace_enable_res *res)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < n && delta != 0 && err == 0; i++) {
		struct dtrace_ecb *ecb = st->ecbs[i];
		struct dtrace_probe *p = ecb->probe;

		if (p->cost + delta > DTRACE_FIRING_COST_MAX) {
			err = over_probe(p, DTRACE_NONE, p->cost + delta, res);
			break;
		}
		p->cost += delta;
		ecb->cost += delta;
		err = dtrace_yield_every(i);
		if (err != 0)
			i++; /* ecbs[i] was charged */
	}
	if (err != 0)
		dtrace_ecbs_uncharge(st, i, delta);
	return err;
}

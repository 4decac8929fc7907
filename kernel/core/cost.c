// SPDX-License-Identifier: GPL-2.0
/*
 * ENABLE's cost check (limits.h §2): a clause's worst-case firing is its
 * predicate, each action's DIFO and the action itself (the bytes it
 * records, keys it hashes, frames it walks). A clause above
 * DTRACE_CLAUSE_COST_MAX could hold a CPU with interrupts off for too
 * long and is refused with its cost and the budget.
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
			    const struct dtrace_difo *d, uint64_t strsize)
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
	default:
		if (DTRACEACT_ISAGG(a->dtpa_kind)) /* a new entry is zeroed */
			return c + v + dtrace_agg_valsize(a->dtpa_kind, arg);
		return c + v;
	}
}

static uint64_t clause_cost(const struct dtrace_progview *pv,
			    const struct dtrace_enabling *en,
			    const uint64_t *dcost, uint32_t c, uint64_t strsize)
{
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
		cost += action_cost(a, d, strsize);
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

int dtrace_enable_cost(const struct dtrace_progview *pv,
		       const struct dtrace_enabling *en, const uint64_t *opts,
		       struct dtrace_enable_res *res)
{
	struct dtrace_cost_env env;
	uint64_t *dcost;
	uint32_t i;
	int err = 0;

	env.strsize = opts[DTRACEOPT_STRSIZE];
	env.scratch = dtrace_cost_scratch(env.strsize,
					  opts[DTRACEOPT_SCRATCHSIZE]);
	dcost = dtrace_zalloc_array(en->ndifos ? en->ndifos : 1,
				    sizeof(*dcost));
	if (dcost == NULL)
		return -ENOMEM;
	for (i = 0; i < en->ndifos && err == 0; i++) {
		const struct dtrace_difo *d = &en->difos[i];

		dcost[i] = dtrace_dif_cost(d->code, d->ncode, d->vars, d->nvars,
					   &env);
		err = dtrace_yield(); /* up to 65,536 instructions each */
	}
	for (i = 0; i < pv->nclauses && err == 0; i++) {
		uint64_t cost = clause_cost(pv, en, dcost, i, env.strsize);

		if (cost > DTRACE_CLAUSE_COST_MAX)
			err = over_budget(res, i, cost);
	}
	dtrace_port_free(dcost);
	return err;
}

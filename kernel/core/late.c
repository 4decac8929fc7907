// SPDX-License-Identifier: GPL-2.0
/*
 * Late matching: probes made after an ENABLE (the USDT probes of a
 * process started or forked later, of a library it dlopen()s later) get
 * the ECBs of every live state's retained enablings whose descriptions
 * match them, as ENABLE would have made them: enablings in ENABLE order,
 * clauses in clause order, the same layout, cost and variables. A state
 * gets them from ENABLE until STOP (INACTIVE to DRAINING, not detached).
 *
 * Any process can register probes, so the work is bounded: per new probe
 * and state, each distinct retained description is compared once (those
 * naming provider, function and probe plainly through a hash), plus the
 * ECBs made; it yields within DTRACE_YIELD_UNITS and stops for a killed
 * caller. An ECB over a limit (DTRACE_MAX_ECBS, the probe's firing
 * budget, an aggregation key larger than GO sized) is not made: the
 * state counts it (late_refused), the registration still succeeds.
 */
#include "core/enable.h"
#include "core/util.h"

static bool state_takes(const struct dtrace_state *st)
{
	if (st->detached || st->enablings == NULL)
		return false;
	switch (st->activity) {
	case DTRACE_ACTIVITY_INACTIVE:
	case DTRACE_ACTIVITY_WARMUP:
	case DTRACE_ACTIVITY_ACTIVE:
	case DTRACE_ACTIVITY_DRAINING:
		return true;
	default:
		return false;
	}
}

/* One ECB of clause c on p; a refusal is counted, not returned. */
static void late_ecb(struct dtrace_state *st, struct dtrace_enabling *en,
		     uint32_t c, struct dtrace_probe *p)
{
	uint32_t necbs = st->necbs, naggs = st->naggs;
	uint32_t nformats = st->nformats, keymax = st->aggkeymax;
	uint64_t lbytes = st->lvars.n * sizeof(uint64_t) + st->lstore_size;
	struct dtrace_enable_res res;
	int err;

	dtrace_memset(&res, 0, sizeof(res));
	err = dtrace_ecb_create(st, en, en->pv, c, p, NULL, &res);
	/* GO sized each CPU's key area by the largest key */
	if (err == 0 && st->cpus != NULL && st->aggkeymax > keymax)
		err = -E2BIG;
	if (err == 0) {
		struct dtrace_ecb *ecb = st->ecbs[necbs];

		ecb->cost = en->ccost[c] + dtrace_zero_cost(lbytes);
		err = dtrace_ecb_attach_one(ecb, &res);
	}
	if (err == 0)
		return;
	/* never linked: nothing fired it, freed at once */
	st->aggkeymax = keymax;
	dtrace_ecb_rollback(st, necbs, naggs, nformats);
	st->late_refused++;
}

static int late_state(struct dtrace_state *st, struct dtrace_probe *p,
		      uint64_t *work)
{
	struct dtrace_enabling *en;
	const uint32_t *clauses;
	int n, i, err = 0;

	for (en = st->enablings; en != NULL && err == 0; en = en->next) {
		if (en->ms == NULL || en->ccost == NULL)
			continue;
		n = dtrace_match_late(en->ms, p, work, &clauses);
		if (n < 0)
			return n;
		for (i = 0; i < n && err == 0; i++) {
			/* each ECB costs its actions: 65,536 at most */
			err = dtrace_yield_work(
				work, 1 + (uint64_t)en->pv->clauses[clauses[i]]
						      .dtpc_naction);
			if (err == 0)
				late_ecb(st, en, clauses[i], p);
		}
	}
	return err;
}

int dtrace_core_match_new(struct dtrace_core *core, const uint32_t *ids,
			  uint32_t n)
{
	struct dtrace_state *st;
	uint64_t work = 0;
	uint32_t i;
	int err = 0;

	for (i = 0; i < n && err == 0; i++) {
		struct dtrace_probe *p = dtrace_probe_lookup(core, ids[i]);

		/* a provider that commits in batches is matched at ENABLE */
		if (p == NULL || p->prov->ops->commit != NULL)
			continue;
		for (st = core->states; st != NULL && err == 0; st = st->next)
			if (state_takes(st))
				err = late_state(st, p, &work);
	}
	return err;
}

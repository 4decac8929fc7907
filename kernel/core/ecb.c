// SPDX-License-Identifier: GPL-2.0
/*
 * Enabled probe control blocks. One ECB per (clause, matching probe),
 * numbered by EPID from 1 within its state. Creating an ECB lays out its
 * records (data starts after the 16-byte rechdr; each action's record at
 * its alignment; the total rounded to 8), registers its format strings
 * and aggregations, but leaves it unattached: dtrace_ecb_attach() makes
 * it visible to probe context once the whole enable has succeeded, and
 * dtrace_ecb_detach_all() takes it away before anything is freed.
 */
#include "core/enable.h"
#include "core/util.h"

/* An array probe context may still be reading, kept until state free. */
struct dtrace_retired {
	struct dtrace_retired *next;
	void *arr;
};

/*
 * grow() for st->ecbs and st->aggs. Once GO made the buffers, probe
 * context reads them without the lock (ring buffer walks, aggregations)
 * while ECBs are added to the state (late.c): the old array is retired,
 * not freed, and the caller publishes the new one. Doubling keeps the
 * retired arrays smaller than the live one.
 */
static void *grow_live(struct dtrace_state *st, void *arr, uint32_t *cap,
		       uint32_t n, size_t esize)
{
	struct dtrace_retired *r = NULL;
	uint32_t ocap = *cap;
	void *na;

	if (n < *cap)
		return arr;
	if (arr != NULL && st->cpus != NULL) {
		r = dtrace_port_zalloc(sizeof(*r));
		if (r == NULL)
			return NULL;
	}
	if (*cap >= (1u << 31)) { /* limits.h keeps far below */
		dtrace_port_free(r);
		return NULL;
	}
	*cap = *cap != 0 ? *cap * 2 : 16;
	na = dtrace_zalloc_array(*cap, esize);
	if (na == NULL) {
		*cap = ocap;
		dtrace_port_free(r);
		return NULL;
	}
	if (arr != NULL)
		dtrace_memcpy(na, arr, ocap * esize);
	if (r != NULL) {
		r->arr = arr;
		r->next = st->retired;
		st->retired = r;
	} else {
		dtrace_port_free(arr); /* no probe context reads it */
	}
	return na;
}

#define GROW_LIVE(st, arr, cap, n)                                       \
	({                                                               \
		__typeof__(arr) _g = grow_live((st), (arr), &(cap), (n), \
					       sizeof(*(arr)));          \
		if (_g != NULL)                                          \
			DTRACE_PUBLISH((arr), _g);                       \
		_g != NULL ? 0 : -ENOMEM;                                \
	})

static void retired_free(struct dtrace_state *st)
{
	while (st->retired != NULL) {
		struct dtrace_retired *r = st->retired;

		st->retired = r->next;
		dtrace_port_free(r->arr);
		dtrace_port_free(r);
	}
}

static void agg_free(struct dtrace_aggregation *agg)
{
	dtrace_port_free(agg->recs);
	dtrace_port_free(agg->keys);
	dtrace_port_free(agg);
}

/*
 * Places a record of size bytes at *off (aligned) and moves *off past
 * it. Sums are in 64 bits and may pass 4 GiB; the caller checks the end
 * against its limit before any offset is used.
 */
static uint32_t place(uint64_t *off, uint32_t size, uint32_t align)
{
	uint64_t at = DTRACE_ALIGN(*off, (uint64_t)align);

	*off = at + size;
	return (uint32_t)at;
}

/* Lays out the key records from offset 0; returns the end offset. */
static uint64_t agg_keys(struct dtrace_aggregation *agg,
			 const struct dtrace_ecb *ecb, uint32_t ai,
			 uint32_t strsize)
{
	uint64_t off = 0;
	uint32_t i;

	for (i = 0; i < agg->nkeys; i++) {
		struct dtrace_action *k = &agg->keys[i];
		struct dtrace_recdesc *r = &agg->recs[i];
		uint32_t align;

		*k = ecb->acts[ai + 1 + i];
		if (k->kind == DTRACEACT_AGGKEY)
			k->kind = DTRACEACT_DIFEXPR; /* records as trace() */
		dtrace_action_layout(k, strsize, &align);
		k->kind = ecb->acts[ai + 1 + i].kind;
		if (k->size == 0)
			align = 1;
		k->offset = place(&off, k->size, align);
		*r = ecb->recs[ai + 1 + i];
		r->dtrd_alignment = (uint16_t)align;
		r->dtrd_size = k->size;
		r->dtrd_offset = k->offset;
	}
	return off;
}

/* The aggregation of head action ai of ecb: keys, then the value. */
static int agg_create(struct dtrace_state *st, struct dtrace_ecb *ecb,
		      uint32_t ai, uint32_t ntuple, uint32_t strsize,
		      struct dtrace_enable_res *res)
{
	struct dtrace_aggregation *agg;
	struct dtrace_action *head = &ecb->acts[ai];
	struct dtrace_recdesc *v;
	uint32_t i, nkeys = ntuple;
	uint64_t keylen, size;

	if (ntuple > 0 && ecb->acts[ai + ntuple].kind == DTRACEACT_AGGINCR)
		nkeys--;
	if (GROW_LIVE(st, st->aggs, st->aggcap, st->naggs) != 0)
		return -ENOMEM;
	agg = dtrace_port_zalloc(sizeof(*agg));
	if (agg == NULL)
		return -ENOMEM;
	agg->recs = dtrace_zalloc_array(nkeys + 1, sizeof(*agg->recs));
	agg->keys = dtrace_zalloc_array(nkeys, sizeof(*agg->keys));
	if (agg->recs == NULL || agg->keys == NULL) {
		agg_free(agg);
		return -ENOMEM;
	}
	agg->id = ++st->naggs;
	st->aggs[agg->id - 1] = agg; /* rollback frees it from here */
	agg->nkeys = nkeys;
	keylen = DTRACE_ALIGN(agg_keys(agg, ecb, ai, strsize), (uint64_t)8);
	size = keylen + dtrace_agg_valsize(head->kind, head->arg);
	if (size > DTRACE_MAX_AGGENTSIZE)
		return dtrace_enable_limit(res, "clause ", res->clause, size,
					   " bytes of aggregation key and "
					   "value",
					   DTRACE_MAX_AGGENTSIZE);
	agg->keylen = (uint32_t)keylen;
	agg->kind = head->kind;
	agg->arg = head->arg;
	agg->value = head->difo;
	if (nkeys < ntuple)
		agg->incr = ecb->acts[ai + ntuple].difo;
	agg->valsize = dtrace_agg_valsize(head->kind, head->arg);
	v = &agg->recs[nkeys];
	*v = ecb->recs[ai];
	v->dtrd_alignment = 8;
	v->dtrd_offset = agg->keylen;
	v->dtrd_size = agg->valsize;
	agg->nrecs = nkeys + 1;
	agg->size = agg->keylen + agg->valsize;
	agg->ecb = ecb;
	agg->act = ai;
	agg->varid = ecb->recs[ai].dtrd_uarg;
	for (i = 0; i <= ntuple; i++) {
		ecb->acts[ai + i].aggid = agg->id;
		ecb->recs[ai + i].dtrd_aggid = agg->id;
	}
	for (i = 0; i < agg->nrecs; i++)
		agg->recs[i].dtrd_aggid = agg->id;
	if (agg->keylen > st->aggkeymax)
		st->aggkeymax = agg->keylen;
	return 0;
}

/* Fills ecb->acts and ecb->recs (without aggregation ids). */
static int ecb_layout(struct dtrace_state *st, struct dtrace_enabling *en,
		      const struct dtrace_progview *pv,
		      const struct dtrace_prog_clause *c,
		      struct dtrace_ecb *ecb, uint32_t strsize,
		      struct dtrace_enable_res *res)
{
	uint32_t i, aggtuple = 0;
	uint64_t off = 0;
	bool aggonly = c->dtpc_naction > 0;

	for (i = 0; i < c->dtpc_naction; i++) {
		const struct dtrace_prog_action *pa =
			&pv->acts[c->dtpc_action + i];
		struct dtrace_action *a = &ecb->acts[i];
		struct dtrace_recdesc *r = &ecb->recs[i];
		uint32_t align;

		a->kind = pa->dtpa_kind;
		a->arg = pa->dtpa_arg;
		if (a->kind == DTRACEACT_SPECULATE)
			st->speculates = 1; /* GO sizes its buffers */
		if (pa->dtpa_difo != DTRACE_NONE)
			a->difo = &en->difos[pa->dtpa_difo];
		if (aggtuple > 0) {
			/* Keys and weight go to the aggregation entry. */
			aggtuple--;
			a->rk = DTRACE_RK_NONE;
			a->size = 0;
			align = 1;
		} else {
			dtrace_action_layout(a, strsize, &align);
			if (DTRACEACT_ISAGG(a->kind)) {
				aggtuple = pa->dtpa_ntuple;
				a->skip = aggtuple;
			} else
				aggonly = false;
		}
		if (a->size == 0)
			align = 1;
		a->offset = place(&off, a->size, align);
		r->dtrd_action = a->kind;
		r->dtrd_alignment = (uint16_t)align;
		r->dtrd_size = a->size;
		r->dtrd_offset = a->offset;
		r->dtrd_arg = pa->dtpa_arg;
		r->dtrd_uarg = pa->dtpa_uarg;
		if (pa->dtpa_format != DTRACE_NONE) {
			r->dtrd_format = dtrace_format_id(
				st, dtrace_prog_str(pv, pa->dtpa_format));
			if (r->dtrd_format == 0)
				return -ENOMEM;
		}
	}
	off = DTRACE_ALIGN(off, (uint64_t)8);
	if (off > DTRACE_MAX_RECSIZE)
		return dtrace_enable_limit(res, "clause ", res->clause, off,
					   " bytes of record data",
					   DTRACE_MAX_RECSIZE);
	ecb->size = (uint32_t)off;
	ecb->noheader = aggonly;
	return 0;
}

static void ecb_free(struct dtrace_ecb *ecb)
{
	if (ecb->probe != NULL)
		ecb->probe->nrefs--; /* dtrace_probes_remove() may free it */
	dtrace_port_free(ecb->acts);
	dtrace_port_free(ecb->recs);
	dtrace_port_free(ecb);
}

/*
 * The layout of an ECB of the same clause, copied: it does not depend
 * on the probe, and its format strings are registered already.
 */
static void ecb_copy_layout(struct dtrace_ecb *ecb,
			    const struct dtrace_ecb *like)
{
	dtrace_memcpy(ecb->acts, like->acts, ecb->nacts * sizeof(*ecb->acts));
	dtrace_memcpy(ecb->recs, like->recs, ecb->nacts * sizeof(*ecb->recs));
	ecb->size = like->size;
	ecb->noheader = like->noheader;
}

int dtrace_ecb_create(struct dtrace_state *st, struct dtrace_enabling *en,
		      const struct dtrace_progview *pv, uint32_t clause,
		      struct dtrace_probe *probe, const struct dtrace_ecb *like,
		      struct dtrace_enable_res *res)
{
	const struct dtrace_prog_clause *c = &pv->clauses[clause];
	uint32_t strsize = (uint32_t)st->opts[DTRACEOPT_STRSIZE], i;
	struct dtrace_ecb *ecb;
	int err;

	res->clause = clause;
	if (st->necbs >= DTRACE_MAX_ECBS)
		return dtrace_enable_limit(res, "ECBs (probes times clauses)",
					   DTRACE_NONE, (uint64_t)st->necbs + 1,
					   "", DTRACE_MAX_ECBS);
	if (GROW_LIVE(st, st->ecbs, st->ecbcap, st->necbs) != 0)
		return -ENOMEM;
	ecb = dtrace_port_zalloc(sizeof(*ecb));
	if (ecb == NULL)
		return -ENOMEM;
	ecb->acts = dtrace_zalloc_array(c->dtpc_naction, sizeof(*ecb->acts));
	ecb->recs = dtrace_zalloc_array(c->dtpc_naction, sizeof(*ecb->recs));
	if (ecb->acts == NULL || ecb->recs == NULL) {
		ecb_free(ecb);
		return -ENOMEM;
	}
	ecb->state = st;
	ecb->probe = probe;
	if (probe != NULL) /* NULL: a dry run (dtrace -e) */
		probe->nrefs++;
	ecb->nacts = c->dtpc_naction;
	ecb->uarg = c->dtpc_uarg;
	ecb->clause = clause;
	if (c->dtpc_pred != DTRACE_NONE)
		ecb->pred = &en->difos[c->dtpc_pred];
	ecb->epid = st->necbs + 1;
	st->ecbs[st->necbs] = ecb; /* rollback frees it from here */
	DTRACE_PUBLISH(st->necbs, st->necbs + 1); /* buffer walks read it */
	err = 0;
	if (like != NULL)
		ecb_copy_layout(ecb, like);
	else
		err = ecb_layout(st, en, pv, c, ecb, strsize, res);
	for (i = 0; err == 0 && i < ecb->nacts; i++)
		if (DTRACEACT_ISAGG(ecb->acts[i].kind))
			err = agg_create(
				st, ecb, i,
				pv->acts[c->dtpc_action + i].dtpa_ntuple,
				strsize, res);
	if (err == 0)
		dtrace_agg_count_note(ecb);
	return err;
}

void dtrace_ecb_rollback(struct dtrace_state *st, uint32_t necbs,
			 uint32_t naggs, uint32_t nformats)
{
	/* Each step frees a few blocks; must finish: not killable. */
	while (st->necbs > necbs) {
		ecb_free(st->ecbs[--st->necbs]);
		dtrace_yield_every(st->necbs);
	}
	while (st->naggs > naggs) {
		agg_free(st->aggs[--st->naggs]);
		dtrace_yield_every(st->naggs);
	}
	dtrace_formats_rollback(st, nformats);
}

/*
 * A probe's ECBs are a list in EPID order that probe context walks
 * (next) while ENABLE and teardown link and unlink: pprev and the
 * probe's tail make both O(1), whatever the number of ECBs on a probe.
 */
static void ecb_unlink(struct dtrace_ecb *ecb)
{
	struct dtrace_probe *p = ecb->probe;

	dtrace_port_tally(DTRACE_STEP_LINK, 1);
	DTRACE_WRITE_ONCE(*ecb->pprev, ecb->next); /* ecb->next stays */
	if (ecb->next != NULL)
		ecb->next->pprev = ecb->pprev;
	else
		p->ecbtail = ecb->pprev;
	p->cost -= ecb->cost;
	if (--p->necbs == 0 && p->prov->ops->disable != NULL)
		p->prov->ops->disable(p->prov->arg, p->id, p->arg);
}

static int ecb_link(struct dtrace_ecb *ecb, struct dtrace_enable_res *res)
{
	struct dtrace_probe *p = ecb->probe;
	struct dtrace_ecb **tail;
	int err = dtrace_probe_charge(ecb, res); /* limits.h §2 */

	if (err != 0)
		return err;
	p->enabled_once = 1; /* dtrace_probes_remove() must wait for it */
	if (p->necbs == 0 && p->prov->ops->enable != NULL) {
		err = p->prov->ops->enable(p->prov->arg, p->id, p->arg);
		if (err != 0)
			return err;
	}
	p->necbs++;
	p->cost += ecb->cost;
	dtrace_port_tally(DTRACE_STEP_LINK, 1);
	tail = p->ecbs != NULL ? p->ecbtail : &p->ecbs;
	ecb->next = NULL;
	ecb->pprev = tail;
	p->ecbtail = &ecb->next;
	DTRACE_PUBLISH(*tail, ecb);
	return 0;
}

/* Lets every provider apply the enables and disables just made. */
static int ecb_commit(struct dtrace_core *core)
{
	struct dtrace_provider *prov;
	int err = 0, e;

	for (prov = core->providers; prov != NULL; prov = prov->next) {
		if (prov->ops->commit == NULL)
			continue;
		e = prov->ops->commit(prov->arg);
		if (err == 0)
			err = e;
	}
	return err;
}

int dtrace_ecb_attach(struct dtrace_state *st, uint32_t from,
		      struct dtrace_enable_res *res)
{
	uint32_t i;
	int err = 0;

	for (i = from; i < st->necbs && err == 0; i++) {
		err = ecb_link(st->ecbs[i], res);
		dtrace_yield_every(i); /* linked ECBs fire: no going back */
	}
	if (err == 0) {
		err = ecb_commit(st->core);
		if (err == 0)
			return 0;
	} else {
		i--; /* ecbs[i] failed to link */
	}
	while (i-- > from) {
		ecb_unlink(st->ecbs[i]);
		dtrace_yield_every(i);
	}
	ecb_commit(st->core);
	dtrace_port_sync();
	return err;
}

int dtrace_ecb_attach_one(struct dtrace_ecb *ecb, struct dtrace_enable_res *res)
{
	return ecb_link(ecb, res);
}

void dtrace_ecb_detach_all(struct dtrace_state *st)
{
	uint32_t i;

	for (i = 0; i < st->necbs; i++) {
		ecb_unlink(st->ecbs[i]);
		dtrace_yield_every(i); /* must finish: not killable */
	}
	ecb_commit(st->core);
}

void dtrace_ecbs_free(struct dtrace_state *st)
{
	dtrace_ecb_rollback(st, 0, 0, 0);
	dtrace_port_free(st->ecbs);
	dtrace_port_free(st->aggs);
	retired_free(st);
	dtrace_formats_free(st);
	st->ecbs = NULL;
	st->aggs = NULL;
	st->ecbcap = st->aggcap = 0;
}

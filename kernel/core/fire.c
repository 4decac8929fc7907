// SPDX-License-Identifier: GPL-2.0
/*
 * Probe firing: the only core code that runs in probe context. For each
 * ECB on the probe whose state is live: run the predicate, reserve the
 * record in this CPU's active buffer (a full buffer is a counted drop),
 * run the actions into it, commit. A fault abandons the ECB's record,
 * counts an error and fires dtrace:::ERROR for the same state (a fault
 * inside an ERROR clause only counts a double error, and so does a fault
 * once the firing's ERROR work, the ERROR probe's cost per ERROR firing,
 * would pass DTRACE_ERROR_COST_MAX: limits.h §2). Runs with
 * interrupts off behind a per-CPU re-entry guard; never allocates,
 * sleeps or takes locks; sees only objects published by the ioctl side.
 */
#include "core/fire.h"
#include "core/state.h"
#include "core/util.h"
#include "core/spec.h"
#include "dtrace/limits.h"

/* commit()/discard() acted on per clause, at most. */
#define DTRACE_SPEC_ENDS 8

struct firing {
	struct dtrace_core *core;
	struct dtrace_probe *probe;
	struct dtrace_state *only;  /* NULL: every state */
	struct dtrace_fireargs *fa; /* args, timestamp, errno */
	uint32_t cpu;
	bool in_error;	   /* firing dtrace:::ERROR */
	uint64_t *errwork; /* ERROR cost charged in this firing */
};

static void fire_probe(const struct firing *f);

/* A fault in action act (0 = predicate) of ecb. */
static void ecb_fault(const struct firing *f, struct dtrace_mstate *ms,
		      const struct dtrace_ecb *ecb, uint32_t act)
{
	struct dtrace_probe *ep;
	struct dtrace_fireargs fa = { .ts = f->fa->ts };
	struct firing ef;

	if (f->in_error) {
		ms->scpu->dblerrors++;
		return;
	}
	ms->scpu->errors++;
	ep = dtrace_probe_lookup(f->core, f->core->error_id);
	if (ep == NULL)
		return;
	if (DTRACE_READ_ONCE(ep->cost) > DTRACE_ERROR_COST_MAX - *f->errwork) {
		ms->scpu->dblerrors++; /* the ERROR budget is spent */
		return;
	}
	*f->errwork += DTRACE_READ_ONCE(ep->cost);
	fa.v[1] = ecb->epid;
	fa.v[2] = act;
	fa.v[3] = ms->fault_pc == DTRACE_NOPC ?
			  (uint64_t)-1 :
			  (uint64_t)ms->fault_pc * sizeof(dif_instr_t);
	fa.v[4] = ms->fault;
	fa.v[5] = ms->fault_addr;
	ef = *f;
	ef.probe = ep;
	ef.only = ms->state;
	ef.fa = &fa;
	ef.in_error = true;
	fire_probe(&ef);
	f->fa->ts = fa.ts;
}

static uint8_t *reserve(struct dtrace_state *st, struct dtrace_state_cpu *sc,
			const struct dtrace_ecb *ecb)
{
	uint8_t *rec = dtrace_buf_reserve(st, sc, 16 + (uint64_t)ecb->size,
					  ecb->probe->id == st->core->end_id);

	if (rec != NULL)
		dtrace_memset(rec + 16, 0, ecb->size);
	return rec;
}

static void commit(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		   const struct dtrace_ecb *ecb, uint8_t *rec, uint64_t ts)
{
	struct dtrace_rechdr h = { .dtrh_epid = ecb->epid,
				   .dtrh_pad = 0,
				   .dtrh_timestamp = ts };

	dtrace_memcpy(rec, &h, sizeof(h));
	dtrace_buf_commit(st, sc, 16 + (uint64_t)ecb->size);
}

/* The SPECULATE action of ecb, or NULL (it comes before any data). */
static const struct dtrace_action *spec_action(const struct dtrace_ecb *ecb)
{
	uint32_t i;

	for (i = 0; i < ecb->nacts; i++)
		if (ecb->acts[i].rk == DTRACE_RK_SPECULATE)
			return &ecb->acts[i];
	return NULL;
}

/* commit()/discard(): records the id, acted on after the record. */
static uint64_t spec_end_id(struct dtrace_mstate *ms,
			    const struct dtrace_action *a, uint8_t *rec)
{
	uint64_t id = dtrace_dif_emulate(a->difo, ms);

	if (rec != NULL && ms->fault == DTRACEFLT_NONE)
		dtrace_memcpy(rec + 16 + a->offset, &id, 8);
	return id;
}

static void spec_end(struct dtrace_mstate *ms, const struct dtrace_ecb *ecb,
		     const uint64_t *ids, uint32_t nids)
{
	uint32_t i, n = 0;

	for (i = 0; i < ecb->nacts && n < nids; i++) {
		uint16_t k = ecb->acts[i].kind;

		if (k == DTRACEACT_COMMIT)
			dtrace_spec_commit(ms, ids[n++]);
		else if (k == DTRACEACT_DISCARD)
			dtrace_spec_discard(ms, ids[n++]);
	}
}

/*
 * The clause's statements before speculate() (DIFEXPRs returning void)
 * run before its DIFO picks the buffer, as DTrace runs a clause's
 * actions in order: `spec = speculation(); speculate(spec);`. Returns
 * the first action left, or NULL after a fault.
 */
static const struct dtrace_action *
run_statements(const struct firing *f, struct dtrace_mstate *ms,
	       const struct dtrace_ecb *ecb, const struct dtrace_action *sa)
{
	const struct dtrace_action *a = ecb->acts;

	for (; a < sa && a->kind == DTRACEACT_DIFEXPR && a->size == 0 &&
	       a->difo != NULL;
	     a += 1 + a->skip) {
		(void)dtrace_dif_emulate(a->difo, ms);
		if (ms->fault != DTRACEFLT_NONE) {
			ecb_fault(f, ms, ecb, (uint32_t)(a - ecb->acts) + 1);
			return NULL;
		}
	}
	return a;
}

/* The record goes to the principal buffer, or to a speculation's (sa). */
static uint8_t *ecb_reserve(const struct firing *f, struct dtrace_mstate *ms,
			    const struct dtrace_ecb *ecb,
			    const struct dtrace_action *sa, uint64_t *spec)
{
	uint8_t *rec;

	*spec = 0;
	if (sa == NULL)
		return reserve(ms->state, ms->scpu, ecb);
	*spec = dtrace_dif_emulate(sa->difo, ms);
	if (ms->fault != DTRACEFLT_NONE) {
		ecb_fault(f, ms, ecb, (uint32_t)(sa - ecb->acts) + 1);
		return NULL;
	}
	rec = dtrace_spec_reserve(ms, *spec, 16 + (uint64_t)ecb->size);
	if (ms->fault != DTRACEFLT_NONE)
		ecb_fault(f, ms, ecb, (uint32_t)(sa - ecb->acts) + 1);
	if (rec == NULL)
		*spec = 0;
	else
		dtrace_memset(rec + 16, 0, ecb->size);
	return rec;
}

static void ecb_commit(struct dtrace_mstate *ms, const struct dtrace_ecb *ecb,
		       uint8_t *rec, uint64_t spec)
{
	struct dtrace_rechdr h = { .dtrh_epid = ecb->epid,
				   .dtrh_pad = 0,
				   .dtrh_timestamp = 0 };

	h.dtrh_timestamp = dtrace_ms_timestamp(ms);
	if (spec == 0) {
		commit(ms->state, ms->scpu, ecb, rec, dtrace_ms_timestamp(ms));
		return;
	}
	dtrace_memcpy(rec, &h, sizeof(h));
	dtrace_spec_done(ms, spec, 16 + (uint64_t)ecb->size);
}

static void fire_ecb(const struct firing *f, struct dtrace_mstate *ms,
		     const struct dtrace_ecb *ecb)
{
	const struct dtrace_action *a = ecb->acts, *end = a + ecb->nacts;
	uint64_t spec = 0, ends[DTRACE_SPEC_ENDS];
	uint32_t nends = 0;
	uint8_t *rec = NULL;

	if (ecb->pred != NULL) {
		uint64_t v = dtrace_dif_emulate(ecb->pred, ms);

		if (ms->fault != DTRACEFLT_NONE) {
			ecb_fault(f, ms, ecb, 0);
			return;
		}
		if (v == 0)
			return;
	}
	if (!ecb->noheader) {
		const struct dtrace_action *sa = spec_action(ecb);

		if (sa != NULL) {
			a = run_statements(f, ms, ecb, sa);
			if (a == NULL)
				return;
		}
		rec = ecb_reserve(f, ms, ecb, sa, &spec);
		if (rec == NULL)
			return;
	}
	/* An aggregation's keys and weight follow it (skip): agg.c's. */
	for (; a < end; a += 1 + a->skip) {
		if (a->rk == DTRACE_RK_AGG)
			dtrace_agg_apply(ms, a);
		else if (a->rk == DTRACE_RK_NONE ||
			 a->rk == DTRACE_RK_SPECULATE)
			continue; /* done by ecb_reserve */
		else if (a->kind == DTRACEACT_COMMIT ||
			 a->kind == DTRACEACT_DISCARD) {
			uint64_t id = spec_end_id(ms, a, rec);

			/* An id past nspec faults here, before the record. */
			if (ms->fault == DTRACEFLT_NONE && id != 0)
				(void)dtrace_spec_valid(ms, id);
			if (nends < DTRACE_SPEC_ENDS)
				ends[nends++] = id;
		} else {
			dtrace_record(ms, a, rec != NULL ? rec + 16 : NULL);
		}
		if (ms->fault != DTRACEFLT_NONE) {
			if (spec != 0)
				dtrace_spec_done(ms, spec, 0);
			ecb_fault(f, ms, ecb, (uint32_t)(a - ecb->acts) + 1);
			return;
		}
	}
	if (rec != NULL)
		ecb_commit(ms, ecb, rec, spec);
	if (nends > 0)
		spec_end(ms, ecb, ends, nends);
}

static void mstate_init(const struct firing *f, struct dtrace_mstate *ms,
			const struct dtrace_ecb *ecb)
{
	struct dtrace_state *st = ecb->state;
	struct dtrace_state_cpu *sc = &st->cpus[f->cpu];

	ms->state = st;
	ms->scpu = sc;
	ms->probe = f->probe;
	ms->fa = f->fa;
	ms->cpu = f->cpu;
	ms->epid = ecb->epid;
	ms->strsize = (uint32_t)st->opts[DTRACEOPT_STRSIZE];
	ms->scratch_base = (uintptr_t)sc->scratch;
	ms->scratch_ptr = ms->scratch_base;
	ms->scratch_end = ms->scratch_base + st->scratch_size;
	ms->execname = 0;
	ms->fault = DTRACEFLT_NONE;
	ms->fault_pc = DTRACE_NOPC;
	ms->fault_addr = 0;
}

/*
 * The firing from ecb on: each live ECB the count() shortcut does not
 * take runs whole, with its machine state.
 */
static void fire_probe_from(const struct firing *f, struct dtrace_ecb *ecb)
{
	const struct dtrace_state *prev = NULL;
	struct dtrace_mstate ms;

	for (; ecb != NULL; ecb = DTRACE_READ_ONCE(ecb->next)) {
		struct dtrace_state *st = ecb->state;

		if ((f->only != NULL && st != f->only) ||
		    !dtrace_fire_live(f->core, st, f->probe->id, f->cpu) ||
		    dtrace_fire_counted(ecb, f->cpu))
			continue;
		mstate_init(f, &ms, ecb);
		if (st != prev) {
			/* this-> variables start at zero in every firing. */
			if (st->lvars.n != 0 || st->lstore_size != 0)
				dtrace_memset(ms.scpu->lvals, 0,
					      st->lvars.n * sizeof(uint64_t) +
						      st->lstore_size);
			ms.scpu->strtok = 0;
			prev = st;
		}
		fire_ecb(f, &ms, ecb);
	}
}

static void fire_probe(const struct firing *f)
{
	fire_probe_from(f, DTRACE_READ_ONCE(f->probe->ecbs));
}

/* An entry that is not the common one: guard, interrupts, then fire. */
static uint32_t fire(struct dtrace_core *core, uint32_t id,
		     struct dtrace_state *only, struct dtrace_fireargs *fa)
{
	unsigned long flags = dtrace_port_irq_save();
	uint32_t cpu = dtrace_port_cpu();
	uint64_t errwork = 0;
	struct firing f = { .core = core,
			    .only = only,
			    .fa = fa,
			    .cpu = cpu,
			    .errwork = &errwork };

	if (cpu >= core->ncpus)
		goto out;
	if (core->cpu[cpu].depth != 0) {
		core->cpu[cpu].reentries++;
		goto out;
	}
	f.probe = dtrace_probe_lookup(core, id);
	if (f.probe != NULL && DTRACE_READ_ONCE(f.probe->ecbs) != NULL) {
		core->cpu[cpu].depth = 1;
		fire_probe(&f);
		core->cpu[cpu].depth = 0;
	}
out:
	dtrace_port_irq_restore(flags);
	return cpu;
}

DTRACE_NOINLINE void dtrace_fire_from(struct dtrace_core *core,
				      struct dtrace_probe *probe,
				      struct dtrace_ecb *ecb, uint32_t cpu,
				      struct dtrace_fire_args args)
{
	struct dtrace_fireargs fa DTRACE_UNINIT; /* v[6..11]: fetched later */
	uint64_t errwork = 0;
	struct firing f = { .core = core,
			    .probe = probe,
			    .fa = &fa,
			    .cpu = cpu,
			    .errwork = &errwork };
	uint32_t i;

	for (i = 0; i < 6; i++)
		dtrace_memcpy(&fa.v[i],
			      (const uint8_t *)args.base + args.offs[i], 8);
	fa.ts = 0;
	fa.fetched = 0;
	fa.err = 0;
	fire_probe_from(&f, ecb);
}

void dtrace_core_probe(struct dtrace_core *core, uint32_t id, uint64_t a0,
		       uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5)
{
	static const uint16_t offs[6] = { 0, 8, 16, 24, 32, 40 };
	uint64_t a[6] = { a0, a1, a2, a3, a4, a5 };

	struct dtrace_fire_args args = { .base = a, .offs = offs };
	unsigned long flags = dtrace_port_irq_save();

	dtrace_fire_irqs_off(core, id, args);
	dtrace_port_irq_restore(flags);
}

void dtrace_core_probe_errno(struct dtrace_core *core, uint32_t id, int32_t err,
			     uint64_t a0, uint64_t a1)
{
	struct dtrace_fireargs fa = { .v = { a0, a1 }, .err = err };

	fire(core, id, NULL, &fa);
}

uint32_t dtrace_fire_state(struct dtrace_state *st, uint32_t id)
{
	struct dtrace_fireargs fa = { .ts = 0 };

	return fire(st->core, id, st, &fa);
}

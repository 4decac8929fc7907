// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing states: creation and teardown, GO/STOP and the activity state
 * machine (INACTIVE -> WARMUP (BEGIN) -> ACTIVE -> [DRAINING after
 * exit()] -> COOLDOWN (END) -> STOPPED; KILLED when the file goes away),
 * and the read-only queries (STATUS, EPDESC, AGGDESC, FORMAT). ENABLE is
 * in enable.c, buffers in buffer.c, firing in fire.c.
 */
#include "core/state.h"
#include "core/util.h"
#include "core/dynvar.h"
#include "core/spec.h"

struct dtrace_core *dtrace_core_create(void)
{
	struct dtrace_core *core = dtrace_port_zalloc(sizeof(*core));

	if (core == NULL)
		return NULL;
	core->ncpus = dtrace_port_ncpus();
	core->cpu = dtrace_zalloc_array(core->ncpus, sizeof(*core->cpu));
	if (core->cpu == NULL) {
		dtrace_port_free(core);
		return NULL;
	}
	return core;
}

void dtrace_core_destroy(struct dtrace_core *core)
{
	uint32_t c;

	while (core->providers != NULL)
		if (dtrace_provider_unregister(core, core->providers) != 0)
			break; /* still enabled: a bug in the caller */
	for (c = 0; c < DTRACE_PROBE_NCHUNKS; c++)
		dtrace_port_free(core->chunks[c]);
	dtrace_port_free(core->cpu);
	dtrace_port_free(core);
}

struct dtrace_state *dtrace_state_create(struct dtrace_core *core)
{
	struct dtrace_state *st = dtrace_port_zalloc(sizeof(*st));

	if (st == NULL)
		return NULL;
	st->core = core;
	st->activity = DTRACE_ACTIVITY_INACTIVE;
	dtrace_opts_defaults(st->opts);
	st->next = core->states; /* walked under the lock only */
	core->states = st;
	DTRACE_WRITE_ONCE(core->nstates, core->nstates + 1);
	return st;
}

/* Unlinks every ECB; true if the caller must still wait for firings. */
static bool state_unlink(struct dtrace_state *st)
{
	if (st->detached)
		return false;
	dtrace_ecb_detach_all(st);
	st->detached = 1;
	return true;
}

/*
 * Firings and the thread-exit hook can only see a state that has had
 * ECBs on probes or went GO (BEGIN, the exit list): any other state may
 * be freed without waiting for them.
 */
static bool state_seen(const struct dtrace_state *st)
{
	return st->necbs != 0 || st->activity != DTRACE_ACTIVITY_INACTIVE ||
	       st->on_exit_list;
}

static void exit_list_remove(struct dtrace_state *st)
{
	struct dtrace_state **pp;

	if (!st->on_exit_list)
		return;
	for (pp = &st->core->exit_states; *pp != NULL; pp = &(*pp)->exit_next)
		if (*pp == st) {
			DTRACE_WRITE_ONCE(*pp, st->exit_next);
			break;
		}
}

bool dtrace_state_unlink(struct dtrace_state *st)
{
	struct dtrace_state **pp;
	bool seen = state_seen(st);

	if (st->activity != DTRACE_ACTIVITY_INACTIVE)
		DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_KILLED);
	for (pp = &st->core->states; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == st) {
			*pp = st->next;
			break;
		}
	}
	DTRACE_WRITE_ONCE(st->core->nstates, st->core->nstates - 1);
	exit_list_remove(st);
	state_unlink(st);
	return seen;
}

void dtrace_state_free(struct dtrace_state *st)
{
	dtrace_spec_free(st);
	dtrace_buffers_free(st);
	dtrace_dyn_free(st);
	dtrace_ecbs_free(st);
	dtrace_vars_free(st);
	dtrace_enablings_free(st);
	dtrace_port_free(st);
}

/*
 * At most one grace period, whatever the number of ECBs and probes:
 * closing a descriptor waits once for the firings and thread-exit hooks
 * that may still see the state, and not at all for a state that never
 * traced.
 */
void dtrace_state_destroy(struct dtrace_state *st)
{
	if (dtrace_state_unlink(st))
		dtrace_port_sync_expedited(); /* no firing or exit hook sees it */
	dtrace_state_free(st);
}

/* Kills the states whose consumer went silent; one wait for them all. */
void dtrace_core_deadman(struct dtrace_core *core, uint64_t now)
{
	struct dtrace_state *st;
	bool wait = false;

	for (st = core->states; st != NULL; st = st->next) {
		uint32_t act = st->activity;

		if ((act != DTRACE_ACTIVITY_ACTIVE &&
		     act != DTRACE_ACTIVITY_DRAINING) ||
		    now - st->last_status <= DTRACE_DEADMAN_NS)
			continue;
		DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_KILLED);
		wait |= state_unlink(st);
	}
	if (wait)
		dtrace_port_sync(); /* no firing still sees these states */
}

struct fire_on {
	struct dtrace_state *st;
	uint32_t id;
	uint32_t cpu;
};

static void fire_on_cpu(void *arg)
{
	struct fire_on *fo = arg;

	fo->cpu = dtrace_fire_state(fo->st, fo->id);
}

/* BEGIN runs on the calling CPU, or on the one the cpu option names. */
static uint32_t fire_begin(struct dtrace_state *st)
{
	struct fire_on fo = { st, st->core->begin_id, 0 };

	if (st->opts[DTRACEOPT_CPU] == 0xffffffffu ||
	    dtrace_port_xcall((uint32_t)st->opts[DTRACEOPT_CPU], fire_on_cpu,
			      &fo) != 0)
		fire_on_cpu(&fo);
	return fo.cpu;
}

int dtrace_state_go(struct dtrace_state *st, uint32_t *cpu)
{
	int err;

	if (st->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	err = dtrace_buffers_alloc(st);
	if (err != 0)
		return err;
	err = dtrace_dyn_alloc(st);
	if (err == 0)
		err = dtrace_spec_alloc(st);
	if (err != 0) {
		dtrace_dyn_free(st);
		dtrace_buffers_free(st);
		return err;
	}
	st->opts_fixed = 1;
	st->last_status = dtrace_port_gethrtime();
	if (dtrace_dyn_has_thread_vars(st)) {
		/* Only these states cost a thread's exit anything. */
		st->on_exit_list = 1;
		st->exit_next = st->core->exit_states;
		DTRACE_PUBLISH(st->core->exit_states, st);
	}
	DTRACE_PUBLISH(st->activity, DTRACE_ACTIVITY_WARMUP);
	*cpu = fire_begin(st);
	dtrace_port_cas32(&st->activity, DTRACE_ACTIVITY_WARMUP,
			  DTRACE_ACTIVITY_ACTIVE);
	return 0;
}

int dtrace_state_stop(struct dtrace_state *st, uint32_t *cpu)
{
	uint32_t act = st->activity;

	if (act == DTRACE_ACTIVITY_INACTIVE || act == DTRACE_ACTIVITY_STOPPED)
		return -EINVAL;
	if (act == DTRACE_ACTIVITY_KILLED) {
		*cpu = dtrace_port_cpu();
		return 0;
	}
	DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_COOLDOWN);
	*cpu = dtrace_fire_state(st, st->core->end_id);
	dtrace_port_sync_expedited(); /* no probe of the state still runs */
	dtrace_spec_clean(st);	      /* committed data reaches the buffers */
	DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_STOPPED);
	return 0;
}

/* Sum of a per-CPU counter; the delta since the last STATUS in *out. */
#define STATUS_FIELD(st, field, last, out)                                 \
	do {                                                               \
		uint64_t _sum = 0;                                         \
		uint32_t _c;                                               \
                                                                           \
		for (_c = 0; (st)->cpus != NULL && _c < (st)->ncpus; _c++) \
			_sum += DTRACE_READ_ONCE((st)->cpus[_c].field);    \
		(out) = _sum - (st)->last;                                 \
		(st)->last = _sum;                                         \
	} while (0)

void dtrace_state_status(struct dtrace_state *st, struct dtrace_status *out)
{
	dtrace_memset(out, 0, sizeof(*out));
	STATUS_FIELD(st, errors, stat_errors, out->dtst_errors);
	STATUS_FIELD(st, dblerrors, stat_dblerrors, out->dtst_dblerrors);
	STATUS_FIELD(st, filled, stat_filled, out->dtst_filled);
	STATUS_FIELD(st, specdrops, stat_specdrops, out->dtst_specdrops);
	STATUS_FIELD(st, specdrops_unavail, stat_specdrops_unavail,
		     out->dtst_specdrops_unavail);
	STATUS_FIELD(st, dyndrops, stat_dyndrops, out->dtst_dyndrops);
	STATUS_FIELD(st, dyndrops_rinsing, stat_dyndrops_rinsing,
		     out->dtst_dyndrops_rinsing);
	STATUS_FIELD(st, dyndrops_dirty, stat_dyndrops_dirty,
		     out->dtst_dyndrops_dirty);
	STATUS_FIELD(st, specdrops_busy, stat_specdrops_busy,
		     out->dtst_specdrops_busy);
	/* counted under dtrace_lock, which STATUS holds too */
	out->dtst_late_refused = st->late_refused - st->stat_late_refused;
	st->stat_late_refused = st->late_refused;
	dtrace_dyn_clean(st, false);
	dtrace_spec_clean(st);
	out->dtst_activity = DTRACE_READ_ONCE(st->activity);
	out->dtst_exiting = DTRACE_READ_ONCE(st->exiting);
	st->last_status = dtrace_port_gethrtime();
}

int dtrace_state_epdesc(struct dtrace_state *st, struct dtrace_epdesc *ep,
			uint32_t cap)
{
	const struct dtrace_ecb *ecb;

	if (ep->dtepd_epid == 0 || ep->dtepd_epid > st->necbs)
		return -EINVAL;
	ecb = st->ecbs[ep->dtepd_epid - 1];
	ep->dtepd_probeid = ecb->probe->id;
	ep->dtepd_uarg = ecb->uarg;
	ep->dtepd_size = ecb->size;
	ep->dtepd_nrecs = ecb->nacts;
	if (cap < ecb->nacts)
		return -ENOSPC;
	dtrace_memcpy(ep->dtepd_rec, ecb->recs,
		      ecb->nacts * sizeof(*ecb->recs));
	return 0;
}

int dtrace_state_aggdesc(struct dtrace_state *st, struct dtrace_aggdesc *ag,
			 uint32_t cap)
{
	const struct dtrace_aggregation *agg;

	if (ag->dtagd_id == 0 || ag->dtagd_id > st->naggs)
		return -EINVAL;
	agg = st->aggs[ag->dtagd_id - 1];
	ag->dtagd_epid = agg->ecb->epid;
	ag->dtagd_varid = agg->varid;
	ag->dtagd_size = agg->size;
	ag->dtagd_nrecs = agg->nrecs;
	if (cap < agg->nrecs)
		return -ENOSPC;
	dtrace_memcpy(ag->dtagd_rec, agg->recs,
		      agg->nrecs * sizeof(*agg->recs));
	return 0;
}

const char *dtrace_state_format(struct dtrace_state *st, uint32_t id)
{
	if (id == 0 || id > st->nformats)
		return NULL;
	return st->formats[id - 1];
}

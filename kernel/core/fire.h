/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe path's common case, inline in dtrace_core_probe() and in a
 * provider that wants its firing in its own frame (fbt): the re-entry
 * guard with interrupts off, then each ECB of the probe whose state is
 * live. An ECB the count() shortcut takes (agg_fast.h) is done here;
 * the first one it cannot take starts the whole firing from there
 * (dtrace_fire_from(), fire.c), which builds the arguments and the
 * machine state. A probe whose clauses are all `@ = count();` thus
 * fires without either.
 */
#ifndef _DTRACE_CORE_FIRE_H
#define _DTRACE_CORE_FIRE_H

#include "core/agg_fast.h"
#include "core/core.h"
#include "core/state.h"

/* May a state in activity act take a firing of probe id on cpu? */
static DTRACE_INLINE bool dtrace_fire_act_ok(const struct dtrace_core *core,
					     const struct dtrace_state *st,
					     uint32_t act, uint32_t id,
					     uint32_t cpu)
{
	if (act == DTRACE_ACTIVITY_ACTIVE)
		return st->opts[DTRACEOPT_CPU] == 0xffffffffu ||
		       st->opts[DTRACEOPT_CPU] == cpu || id == core->error_id;
	if (id == core->begin_id)
		return act == DTRACE_ACTIVITY_WARMUP;
	if (id == core->end_id)
		return act == DTRACE_ACTIVITY_COOLDOWN;
	if (id == core->error_id)
		return act >= DTRACE_ACTIVITY_WARMUP &&
		       act <= DTRACE_ACTIVITY_COOLDOWN;
	return false;
}

/*
 * May a state's ECBs take a firing of probe id on cpu now? Its
 * per-CPU buffers are read only once its activity says they are there
 * (a state between ENABLE and GO has none yet).
 */
static DTRACE_INLINE bool dtrace_fire_live(const struct dtrace_core *core,
					   const struct dtrace_state *st,
					   uint32_t id, uint32_t cpu)
{
	uint32_t act = DTRACE_READ_ONCE(st->activity);

	return dtrace_fire_act_ok(core, st, act, id, cpu) && cpu < st->ncpus &&
	       st->cpus[cpu].scratch != NULL;
}

/* Did the count() shortcut take this (live) ECB? */
static DTRACE_INLINE bool dtrace_fire_counted(const struct dtrace_ecb *ecb,
					      uint32_t cpu)
{
	const struct dtrace_state *st = ecb->state;

	return ecb->count_aggid != 0 &&
	       dtrace_agg_count_fast(st, &st->cpus[cpu], ecb);
}

/*
 * Where a firing's arguments 0..5 are: the 64-bit words at base +
 * offs[i], read only when a clause runs whole (a provider's saved
 * registers need no copy for the count() shortcut).
 */
struct dtrace_fire_args {
	const void *base;
	const uint16_t *offs;
};

/*
 * The whole firing of probe from ecb on (the guard held, interrupts
 * off): out of line, so that the common case's frame stays small.
 */
void dtrace_fire_from(struct dtrace_core *core, struct dtrace_probe *probe,
		      struct dtrace_ecb *ecb, uint32_t cpu,
		      struct dtrace_fire_args args);

/*
 * Where the firing goes when the common case cannot take an ECB:
 * dtrace_fire_from(), or a provider's function that sets up what only
 * the whole firing reads (fbt return: the registers stack() starts
 * from) and calls it.
 */
typedef void (*dtrace_fire_from_fn)(struct dtrace_core *core,
				    struct dtrace_probe *probe,
				    struct dtrace_ecb *ecb, uint32_t cpu,
				    struct dtrace_fire_args args);

/*
 * dtrace_core_probe(), inline, the arguments where args says, for a
 * caller that has turned interrupts off already; from (a constant, so
 * a direct call) runs the whole firing.
 */
static DTRACE_INLINE void dtrace_fire_irqs_off_via(struct dtrace_core *core,
						   uint32_t id,
						   struct dtrace_fire_args args,
						   dtrace_fire_from_fn from)
{
	uint32_t cpu = dtrace_port_cpu();
	struct dtrace_probe *probe;
	struct dtrace_ecb *ecb;

	if (cpu >= core->ncpus)
		return;
	if (core->cpu[cpu].depth != 0) {
		core->cpu[cpu].reentries++;
		return;
	}
	probe = dtrace_probe_at(core, id);
	if (probe == NULL)
		return;
	core->cpu[cpu].depth = 1;
	for (ecb = DTRACE_READ_ONCE(probe->ecbs); ecb != NULL;
	     ecb = DTRACE_READ_ONCE(ecb->next)) {
		if (!dtrace_fire_live(core, ecb->state, id, cpu) ||
		    dtrace_fire_counted(ecb, cpu))
			continue;
		from(core, probe, ecb, cpu, args);
		break;
	}
	core->cpu[cpu].depth = 0;
}

static DTRACE_INLINE void dtrace_fire_irqs_off(struct dtrace_core *core,
					       uint32_t id,
					       struct dtrace_fire_args args)
{
	dtrace_fire_irqs_off_via(core, id, args, dtrace_fire_from);
}

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The core object: one per loaded module (or per test). It owns the probe
 * registry and the per-CPU firing guards; tracing states (state.h) hang
 * off it. No globals anywhere in core/: everything is reached from here.
 *
 * Locking contract: the OS glue serialises every call into core/ with
 * one lock, except dtrace_core_probe(), which runs lock-free in probe
 * context and sees only fully published objects (port.h DTRACE_PUBLISH).
 */
#ifndef _DTRACE_CORE_CORE_H
#define _DTRACE_CORE_CORE_H

#include "core/port.h"
#include "core/probe.h"

struct dtrace_core_cpu {
	uint32_t depth;	      /* inside dtrace_core_probe() */
	uint64_t reentries;   /* firings refused by the guard */
	uint64_t chill_start; /* chill(), all states: this window */
	uint64_t chill_used;  /* ns of it spent */
};

struct dtrace_state;

struct dtrace_core {
	struct dtrace_probe **chunks[DTRACE_PROBE_NCHUNKS];
	struct dtrace_state *states;	  /* every open state */
	struct dtrace_state *exit_states; /* those with thread-locals */
	uint32_t nstates;		  /* on states */
	struct dtrace_probe *phash[DTRACE_PROBE_HASH];	/* by names */
	struct dtrace_probe *fhash[DTRACE_PROBE_FHASH]; /* by prov:func:name */
	uint32_t nprobes;				/* highest id in use */
	uint32_t nfree;					/* free ids below it */
	uint32_t markgen; /* dtrace_probes_remove()'s */
	uint16_t chunk_live[DTRACE_PROBE_NCHUNKS];
	struct dtrace_provider *providers;
	struct dtrace_provider **provtail; /* NULL: &providers */
	struct dtrace_provider *provhash[DTRACE_PROVIDER_HASH];
	/* dtrace:::BEGIN/END/ERROR, set by prov/dtrace.c; 0 = none. */
	uint32_t begin_id;
	uint32_t end_id;
	uint32_t error_id;
	uint32_t ncpus;
	struct dtrace_core_cpu *cpu;
};

/* Probe id's chunk of the registry (its index there in *i), or NULL. */
static DTRACE_INLINE struct dtrace_probe **
dtrace_probe_chunk(struct dtrace_core *core, uint32_t id, uint32_t *i)
{
	if (id == 0 || id > DTRACE_PROBE_MAX)
		return NULL;
	*i = (id - 1) % DTRACE_PROBE_CHUNK;
	return DTRACE_READ_ONCE(core->chunks[(id - 1) / DTRACE_PROBE_CHUNK]);
}

/* Probe id's slot in the registry, or NULL. */
static DTRACE_INLINE struct dtrace_probe **
dtrace_probe_slot(struct dtrace_core *core, uint32_t id)
{
	uint32_t i;
	struct dtrace_probe **chunk = dtrace_probe_chunk(core, id, &i);

	return chunk != NULL ? &chunk[i] : NULL;
}

/*
 * dtrace_probe_lookup(), inline (fire.h): the chunk tested once, not
 * the slot's address again.
 */
static DTRACE_INLINE struct dtrace_probe *
dtrace_probe_at(struct dtrace_core *core, uint32_t id)
{
	uint32_t i;
	struct dtrace_probe **chunk = dtrace_probe_chunk(core, id, &i);

	return chunk != NULL ? DTRACE_READ_ONCE(chunk[i]) : NULL;
}

struct dtrace_core *dtrace_core_create(void);
/* Every state destroyed and every provider unregistered first. */
void dtrace_core_destroy(struct dtrace_core *core);
/*
 * Probes ids[0..n) were just made (a USDT registration): every live
 * state's retained enablings give them their ECBs, as if they had been
 * there at ENABLE (late.c). Global lock held, may sleep; -EINTR for a
 * killed caller (the probes stay, with the ECBs made so far).
 */
int dtrace_core_match_new(struct dtrace_core *core, const uint32_t *ids,
			  uint32_t n);

/*
 * Fires probe id with arguments a0..a5 on the current CPU: the entry
 * point for providers. Safe in any context; turns interrupts off itself.
 */
void dtrace_core_probe(struct dtrace_core *core, uint32_t id, uint64_t a0,
		       uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5);
/*
 * dtrace_core_probe() for a system call's return: the D variable errno
 * reads err (0 in every other firing); arguments beyond a1 are 0.
 */
void dtrace_core_probe_errno(struct dtrace_core *core, uint32_t id, int32_t err,
			     uint64_t a0, uint64_t a1);

/*
 * A thread is exiting (the glue's task-exit hook, any context that may
 * not sleep): its thread-local variables in every state are reclaimed,
 * self->x at once, self->a[k...] by the next cleaning. thread is the
 * value dtrace_port_task(DTRACE_TASK_CURTHREAD) had for it.
 */
void dtrace_core_thread_exit(struct dtrace_core *core, uint64_t thread);
/*
 * The glue's cleaning timer (may sleep, global lock held): cleans the
 * dynamic variables of every tracing state that is due. Returns the ns
 * until the next cleaning is due, or 0 when no state needs one.
 */
uint64_t dtrace_core_clean(struct dtrace_core *core, uint64_t now);

#endif /* _DTRACE_CORE_CORE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Speculations (spec.c): nspec ids, each with a specsize buffer per CPU.
 * speculation() takes an INACTIVE id; speculate(id) sends a clause's
 * record to this CPU's buffer of id; commit(id) copies this CPU's buffer
 * into its principal buffer, discard(id) empties it. Buffers of other
 * CPUs are handled by the cleaner (STATUS, STOP) on their own CPU,
 * after which the id is INACTIVE again; until then speculation() counts
 * it as busy.
 */
#ifndef _DTRACE_CORE_SPEC_H
#define _DTRACE_CORE_SPEC_H

#include "core/difo.h"

#define DTRACE_SPEC_INACTIVE   0
#define DTRACE_SPEC_ACTIVE     1
#define DTRACE_SPEC_COMMITTING 2
#define DTRACE_SPEC_DISCARDING 3

/* One CPU's buffer of one speculation (principal record layout). */
struct dtrace_specbuf {
	uint8_t *data;
	uint64_t off;
	uint64_t drops; /* records it had no room for: counted at commit */
};

/* GO / destroy. */
int dtrace_spec_alloc(struct dtrace_state *st);
void dtrace_spec_free(struct dtrace_state *st);
/* Ioctl context: finishes COMMITTING / DISCARDING ids on every CPU. */
void dtrace_spec_clean(struct dtrace_state *st);

/* Probe context. speculation(): an id, or 0 (counted). */
uint64_t dtrace_spec_new(struct dtrace_mstate *ms);
/*
 * speculate(id): room for need bytes in this CPU's buffer of id, or NULL
 * (id 0 or not ACTIVE: silently; buffer full: counted in specdrops).
 * An id beyond nspec faults ILLOP. dtrace_spec_done() ends the write
 * (used is 0 when the clause faulted).
 */
uint8_t *dtrace_spec_reserve(struct dtrace_mstate *ms, uint64_t id,
			     uint64_t need);
void dtrace_spec_done(struct dtrace_mstate *ms, uint64_t id, uint64_t used);
/* commit(id) / discard(id); id beyond nspec faults ILLOP. */
void dtrace_spec_commit(struct dtrace_mstate *ms, uint64_t id);
void dtrace_spec_discard(struct dtrace_mstate *ms, uint64_t id);
bool dtrace_spec_valid(struct dtrace_mstate *ms, uint64_t id);

#endif /* _DTRACE_CORE_SPEC_H */

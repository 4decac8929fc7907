/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic variables: thread-locals (self->x) and associative arrays
 * (a[k...], self->a[k...]) of one state, in a fixed store of
 * dynvarsize bytes allocated at GO (dynvar.c). Probe context finds,
 * creates and deletes entries without locks; the cleaner (the glue's
 * timer and STATUS, at most every cleanrate ns, under the global lock)
 * recycles deleted ones. A thread's exit deletes its self->x at once and
 * queues it for the cleaner, which deletes its self->a[k...].
 */
#ifndef _DTRACE_CORE_DYNVAR_H
#define _DTRACE_CORE_DYNVAR_H

#include "core/difo.h"

struct dtrace_var;

/* One entry of the store; key bytes then value bytes follow the header. */
struct dtrace_dynvar {
	uint32_t next;	/* hash chain: index + 1, 0 = end */
	uint32_t fnext; /* free stack: index + 1, 0 = end */
	uint32_t hash;
	uint32_t status; /* DTRACE_DYN_* */
	uint32_t keylen;
	uint32_t pad;
};

#define DTRACE_DYN_FREE 0
#define DTRACE_DYN_LIVE 1
#define DTRACE_DYN_DEAD 2 /* deleted, still linked (dirty) */

/* Exited threads queued per cleaning for their self->a[k...] entries. */
#define DTRACE_DYN_EXITED 256

struct dtrace_dynstore {
	uint8_t *chunks;
	uint32_t *buckets; /* index + 1 of the chain head */
	uint32_t *rinse;   /* cleaner's list of unlinked entries */
	uint8_t *keys;	   /* per-CPU key assembly, keymax each */
	uint64_t free;	   /* tag << 32 | index + 1 of the top */
	uint64_t seed;	   /* of the key hash, random per store */
	uint32_t nchunks;
	uint32_t nbuckets; /* a power of 2 */
	uint32_t chunksize;
	uint32_t keymax;
	uint32_t valmax;
	uint32_t ndirty;     /* DEAD entries not yet recycled */
	uint32_t rinsing;    /* the cleaner is at work */
	uint64_t last_clean; /* hrtime */
	uint32_t tarrays;    /* thread-local arrays exist */
	uint32_t exitring;   /* the ring exit hooks fill: 0 or 1 */
	uint32_t nexited[2]; /* slots taken (may pass the end) */
	uint64_t exited[2][DTRACE_DYN_EXITED]; /* threads, 0 = none */
	uint64_t exits_lost; /* a full ring: left to the end of GO */
};

/* GO: sizes entries from the state's programs and variables. */
int dtrace_dyn_alloc(struct dtrace_state *st);
void dtrace_dyn_free(struct dtrace_state *st);
/*
 * Ioctl or timer context, global lock: deletes the self->a[k...] of
 * queued exited threads and recycles deleted entries, if cleanrate has
 * passed since the last cleaning (or force).
 */
void dtrace_dyn_clean(struct dtrace_state *st, bool force);
/*
 * Thread exit [probe]: deletes thread's self->x of every state now and
 * queues the thread for its self->a[k...] (dynvar.c).
 */
void dtrace_dyn_thread_exit(struct dtrace_state *st, uint64_t thread);
/* At GO: does st keep thread-locals an exiting thread must drop? */
bool dtrace_dyn_has_thread_vars(const struct dtrace_state *st);

/*
 * Probe context. scope is DIFV_SCOPE_GLOBAL (arrays) or _THREAD; tup is
 * the key (ntup 0 for self->x). load: the value (by-value variables) or
 * the address of its storage, 0 when absent. store: val 0 deletes.
 */
uint64_t dtrace_dyn_load(struct dtrace_mstate *ms, const struct dtrace_var *v,
			 uint32_t scope, uint32_t id,
			 const struct dtrace_tuple *tup, uint32_t ntup);
void dtrace_dyn_store(struct dtrace_mstate *ms, const struct dtrace_var *v,
		      uint32_t scope, uint32_t id,
		      const struct dtrace_tuple *tup, uint32_t ntup,
		      uint64_t val);
/* Is [addr, addr + n) inside one entry's value? (stores into it) */
bool dtrace_dyn_storable(const struct dtrace_state *st, uintptr_t addr,
			 uint64_t n);
/* The value bytes from addr to the end of its entry's value, or 0. */
uint64_t dtrace_dyn_room(const struct dtrace_state *st, uintptr_t addr);

#endif /* _DTRACE_CORE_DYNVAR_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tracing state: what one open of /dev/dtrace owns. Its enablings
 * (kernel copies of program blobs), ECBs (one per clause and matching
 * probe, numbered by EPID from 1), aggregation and format tables,
 * variables, options, and per-CPU buffers. The ioctl layer calls the
 * dtrace_state_* functions with the global lock held; probe context
 * reads what they publish.
 */
#ifndef _DTRACE_CORE_STATE_H
#define _DTRACE_CORE_STATE_H

#include "core/core.h"
#include "core/difo.h"
#include "dtrace/buf.h"
#include "dtrace/options.h"
#include "dtrace/actions.h"
#include "dtrace/prog.h"

/* A user variable as the state knows it (index: id - DIF_VAR_OTHER_UBASE). */
struct dtrace_var {
	struct dtrace_diftype type;
	uint8_t present;
	uint8_t kind;	 /* DIFV_KIND_* */
	uint8_t vk;	 /* DTRACE_VK_* */
	uint8_t fresh;	 /* created by the current enable */
	uint32_t size;	 /* by-ref storage bytes */
	uint32_t offset; /* by-ref: offset in the storage */
	uint64_t value;	 /* globals by value */
};

struct dtrace_vars {
	struct dtrace_var *v;
	uint32_t n;
};

/* How an action records (ecb.c decides, fire.c does). */
enum dtrace_rk {
	DTRACE_RK_NONE,	     /* nothing at run time */
	DTRACE_RK_VALUE,     /* the DIFO's value per vk */
	DTRACE_RK_EXIT,	     /* int32 status, then exit */
	DTRACE_RK_U64,	     /* the DIFO's value as uint64 */
	DTRACE_RK_PIDADDR,   /* uint64 pid, uint64 value */
	DTRACE_RK_TRACEMEM,  /* arg bytes at the DIFO's address */
	DTRACE_RK_STACK,     /* arg kernel pcs */
	DTRACE_RK_USTACK,    /* pid, pcs, strings */
	DTRACE_RK_AGG,	     /* aggregation head (agg.c) */
	DTRACE_RK_SPECULATE, /* speculate(id) */
	DTRACE_RK_RAISE,     /* raise(sig) */
	DTRACE_RK_STOP,	     /* stop() */
	DTRACE_RK_CHILL,     /* chill(ns) */
	DTRACE_RK_ILLOP,     /* accepted, not implemented: faults */
};

struct dtrace_action {
	const struct dtrace_difo *difo;
	uint64_t arg;
	uint32_t size;	 /* record bytes */
	uint32_t offset; /* after the rechdr */
	uint32_t aggid;
	uint32_t skip; /* continuations that follow */
	uint16_t kind; /* DTRACEACT_* */
	uint8_t rk;    /* DTRACE_RK_* */
	uint8_t vk;    /* DTRACE_VK_* for RK_VALUE */
};

struct dtrace_ecb {
	struct dtrace_ecb *next;   /* on probe->ecbs */
	struct dtrace_ecb **pprev; /* what points to it there */
	struct dtrace_state *state;
	struct dtrace_probe *probe;
	const struct dtrace_difo *pred;
	struct dtrace_action *acts;
	struct dtrace_recdesc *recs;
	uint32_t nacts;
	uint32_t epid;
	uint32_t size;	   /* dtepd_size, 8-aligned */
	uint32_t noheader; /* only aggregations: no record */
	/*
	 * `@ = count();` alone, no predicate: its aggregation's id and its
	 * entry's hash slot, for dtrace_agg_count_fast() (0: another clause).
	 */
	uint32_t count_aggid;
	uint32_t count_hash;
	uint64_t uarg;
	uint32_t clause; /* in its enabling */
	uint64_t cost;	 /* worst-case firing, charged to probe->cost */
};

/* One aggregating head of one ECB (doc/records.md §5.2, §6). */
struct dtrace_aggregation {
	uint32_t id;
	uint32_t act; /* the AGG_* head in ecb->acts */
	struct dtrace_ecb *ecb;
	struct dtrace_recdesc *recs; /* keys, then the value */
	uint32_t nrecs;
	uint32_t size;	 /* key + value bytes */
	uint32_t keylen; /* value offset */
	uint32_t valsize;
	uint16_t kind; /* DTRACEACT_AGG_* */
	uint64_t arg;  /* histogram parameters */
	uint64_t varid;
	const struct dtrace_difo *value; /* NULL for count() */
	const struct dtrace_difo *incr;	 /* AGGINCR weight or NULL */
	struct dtrace_action *keys;	 /* laid out from offset 0 */
	uint32_t nkeys;
};

/*
 * The kernel's copy of one ENABLEd program; ECBs point into it. It is
 * retained: late.c matches its descriptions (ms) against probes made
 * later, with its checked view (pv) and clause costs.
 */
struct dtrace_progview;
struct dtrace_matchset;
struct dtrace_enabling {
	struct dtrace_enabling *next; /* in ENABLE order */
	void *blob;
	struct dtrace_difo *difos;
	uint32_t ndifos;
	struct dtrace_progview *pv;
	struct dtrace_matchset *ms;
	uint64_t *ccost; /* by clause (cost.c) */
};

/*
 * Principal buffers. SWITCH: data[active] is written, off[] are the bytes
 * used. FILL and RING use data[0] only: off[0] is the write offset; RING
 * also keeps the offset of its oldest record.
 */
struct dtrace_buf {
	uint8_t *data[2];
	uint64_t off[2];
	uint32_t active;
	uint32_t full;	  /* FILL: filled, all dropped */
	uint32_t wrapped; /* RING: went round at least once */
	uint32_t copied;  /* FILL/RING: copied out after STOP */
	uint64_t oldest;  /* RING: oldest record, if wrapped */
};

/* An aggregation buffer: entries back to back, and a hash of them. */
struct dtrace_aggbuf {
	uint8_t *data;
	uint32_t *hash; /* entry offset + 1, 0 = free */
	uint64_t used;
};

/* Per-CPU part of a state: written by probe context on that CPU only. */
struct dtrace_state_cpu {
	struct dtrace_buf buf;
	struct dtrace_aggbuf agg[2];
	uint32_t aggactive;
	uint8_t *aggkey; /* key assembly area */
	uint64_t aggdrops;
	uint64_t snap_aggdrops;
	uint8_t *scratch;
	uint64_t *lvals; /* clause-local slots */
	uint8_t *lstore; /* clause-local by-ref storage */
	uint64_t rand;
	uint64_t strtok; /* strtok(NULL, ..) resumes here */
	uint64_t drops;	 /* monotonic counters */
	uint64_t errors;
	uint64_t dblerrors;
	uint64_t filled;
	uint64_t specdrops;
	uint64_t specdrops_unavail;
	uint64_t specdrops_busy;
	struct dtrace_specbuf *spec; /* by speculation id - 1 */
	uint32_t specbusy;	     /* id being written (spec.c) */
	uint64_t dyndrops;	     /* dynvar.c */
	uint64_t dyndrops_rinsing;
	uint64_t dyndrops_dirty;
	uint64_t snap_drops; /* values at the last BUFSNAP */
	uint64_t snap_errors;
};

struct dtrace_state {
	struct dtrace_core *core;
	struct dtrace_state *next;	/* on core->states */
	struct dtrace_state *exit_next; /* on core->exit_states */
	uint32_t on_exit_list;		/* has thread-locals (from GO) */
	uint64_t last_status;		/* hrtime of the last STATUS */
	uint32_t detached;		/* ECBs taken off their probes */
	uint32_t activity;		/* DTRACE_ACTIVITY_* */
	uint32_t exiting;
	uint64_t opts[DTRACEOPT_MAX];
	uint32_t opts_fixed; /* first ENABLE done */
	uint32_t ncpus;
	struct dtrace_state_cpu *cpus; /* NULL until GO */
	uint64_t bufsize;	       /* per buffer, after resizing */
	uint64_t endreserve;	       /* FILL: room kept for END */
	uint64_t aggsize;	       /* per agg buffer, after resizing */
	uint32_t aggslots;	       /* hash slots, a power of 2 */
	uint32_t aggkeymax;	       /* largest keylen */
	uint64_t scratch_size;
	struct dtrace_enabling *enablings;
	struct dtrace_enabling **entail;
	uint64_t late_refused; /* late.c: ECBs refused (limits) */
	void *retired;	       /* arrays probe context may still read (ecb.c) */
	struct dtrace_ecb **ecbs; /* by EPID - 1 */
	uint32_t necbs, ecbcap;
	struct dtrace_aggregation **aggs; /* by aggid - 1 */
	uint32_t naggs, aggcap;
	char **formats; /* by format id - 1 */
	uint32_t nformats, fmtcap;
	uint32_t *fmtnext; /* format.c's hash chains, by id - 1 */
	uint32_t *fmthash; /* newest id of each bucket, 0 = none */
	uint32_t fmtbuckets;
	struct dtrace_vars gvars;    /* globals */
	struct dtrace_vars tvars;    /* thread-locals (types only) */
	struct dtrace_vars lvars;    /* clause-locals */
	uint64_t lstore_size;	     /* per-CPU by-ref local bytes */
	uint64_t gstore_size;	     /* by-ref global bytes */
	uint8_t *gstore;	     /* allocated at GO */
	struct dtrace_dynstore *dyn; /* dynamic variables, at GO */
	uint32_t *specs;	     /* DTRACE_SPEC_* by id - 1 */
	uint32_t speculates;	     /* an ECB has speculate() */
	uint64_t stat_errors;	     /* totals at the last STATUS */
	uint64_t stat_dblerrors;
	uint64_t stat_filled;
	uint64_t stat_specdrops;
	uint64_t stat_specdrops_unavail;
	uint64_t stat_specdrops_busy;
	uint64_t stat_dyndrops;
	uint64_t stat_dyndrops_rinsing;
	uint64_t stat_dyndrops_dirty;
	uint64_t stat_late_refused;
};

/* What ENABLE reports besides the errno (the dtrace_enable out fields). */
struct dtrace_enable_res {
	uint32_t nprobes;
	uint32_t clause;
	uint32_t difo;
	uint32_t pc;
	uint32_t dvr;
	char msg[128];
};

/* A state that sees no STATUS for this long while tracing is killed. */
#define DTRACE_DEADMAN_NS (30ull * 1000000000ull)

struct dtrace_state *dtrace_state_create(struct dtrace_core *core);
/*
 * The deadman: kills (KILLED, ECBs detached) every ACTIVE or DRAINING
 * state whose consumer has not called STATUS for DTRACE_DEADMAN_NS.
 * The glue calls it every second or so with the current hrtime.
 */
void dtrace_core_deadman(struct dtrace_core *core, uint64_t now);
/* Stops tracing if needed, detaches every ECB, waits, frees. */
void dtrace_state_destroy(struct dtrace_state *st);
/*
 * dtrace_state_destroy() in two steps, so that the glue need not hold
 * its lock across the wait: unlink (lock held) takes st off every list
 * and its ECBs off their probes, and returns true if firings or exit
 * hooks may still see it (wait a grace period); then free (lock held).
 */
bool dtrace_state_unlink(struct dtrace_state *st);
void dtrace_state_free(struct dtrace_state *st);

/* Takes ownership of blob (dtrace_port_zalloc'ed), on success or not. */
int dtrace_state_enable(struct dtrace_state *st, void *blob, size_t size,
			struct dtrace_enable_res *res);
/*
 * ENABLE's checks that need no probe (dtrace -e): the container,
 * options, clause structure, DIF validation, variables, the layout of
 * one ECB per clause and its cost. st stays as it was; blob is not
 * taken. 0 or what dtrace_state_enable() would return, with res.
 */
int dtrace_state_enable_dry(struct dtrace_state *st, const void *blob,
			    size_t size, struct dtrace_enable_res *res);
int dtrace_state_go(struct dtrace_state *st, uint32_t *cpu);
int dtrace_state_stop(struct dtrace_state *st, uint32_t *cpu);
void dtrace_state_status(struct dtrace_state *st, struct dtrace_status *out);
/*
 * ep->dtepd_epid and cap (records ep has room for) in; fills ep and
 * returns -ENOSPC (with dtepd_nrecs = the number needed) if cap is short.
 */
int dtrace_state_epdesc(struct dtrace_state *st, struct dtrace_epdesc *ep,
			uint32_t cap);
int dtrace_state_aggdesc(struct dtrace_state *st, struct dtrace_aggdesc *ag,
			 uint32_t cap);
/* The format string with id (from 1), or NULL. */
const char *dtrace_state_format(struct dtrace_state *st, uint32_t id);
/*
 * Switches CPU cpu's buffers and returns the filled one in *data, its
 * length in d->dtbd_size. cap is the caller's capacity: -EINVAL with
 * d->dtbd_size = the buffer size when it is smaller than one buffer.
 * -ENOENT before GO. The data stays valid until the next BUFSNAP of cpu.
 */
int dtrace_state_bufsnap(struct dtrace_state *st, uint32_t cpu, uint64_t cap,
			 struct dtrace_bufdesc *d, const void **data);

/*
 * AGGSNAP: like BUFSNAP for the aggregation buffer of cpu: the entries
 * accumulated since the previous snapshot (deltas).
 */
int dtrace_state_aggsnap(struct dtrace_state *st, uint32_t cpu, uint64_t cap,
			 struct dtrace_bufdesc *d, const void **data);

/* Internal, between the state's files. */
/* Probe context: room for need bytes in this CPU's buffer, or NULL (drop). */
uint8_t *dtrace_buf_reserve(struct dtrace_state *st,
			    struct dtrace_state_cpu *sc, uint64_t need,
			    bool end);
void dtrace_buf_commit(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		       uint64_t need);
/* Records action a at dst (record.c); aggregating heads go to agg.c. */
void dtrace_record(struct dtrace_mstate *ms, const struct dtrace_action *a,
		   uint8_t *dst);
void dtrace_agg_apply(struct dtrace_mstate *ms, const struct dtrace_action *a);
/*
 * The clause most one-liners are, `@ = count();` without predicate:
 * count_note() (ENABLE) marks such an ECB for the shortcut in probe
 * context (agg_fast.h).
 */
void dtrace_agg_count_note(struct dtrace_ecb *ecb);
int dtrace_aggbufs_alloc(struct dtrace_state *st, struct dtrace_state_cpu *sc);
void dtrace_aggbufs_free(struct dtrace_state_cpu *sc);
void dtrace_opts_defaults(uint64_t *opts);
void dtrace_enablings_free(struct dtrace_state *st);
int dtrace_buffers_alloc(struct dtrace_state *st);
/* Aggregation hash slots for aggsize bytes (a power of 2). */
uint32_t dtrace_aggslots(uint64_t aggsize);
void dtrace_buffers_free(struct dtrace_state *st);
void dtrace_ecb_detach_all(struct dtrace_state *st);
void dtrace_ecbs_free(struct dtrace_state *st);
void dtrace_vars_free(struct dtrace_state *st);
/*
 * Fires probe id for the ECBs of st only (BEGIN/END), with interrupts
 * off; returns the CPU it ran on.
 */
uint32_t dtrace_fire_state(struct dtrace_state *st, uint32_t id);

#endif /* _DTRACE_CORE_STATE_H */

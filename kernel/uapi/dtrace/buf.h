/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What the module records and how the consumer finds its way in it.
 *
 * Principal buffers (one pair per CPU, DTrace's switch model): a run of
 * records. Each firing of an enabled probe writes a struct dtrace_rechdr
 * followed by that ECB's data, dtepd_size bytes in all, laid out as its
 * record descriptions say. An EPID of DTRACE_EPIDNONE marks 8 bytes of
 * padding. The consumer learns each EPID's layout with DTRACEIOC_EPDESC.
 *
 * Aggregation buffers (one per CPU): DTRACEIOC_AGGSNAP copies out a run
 * of struct dtrace_aggent entries, each followed by its key records and
 * its value, laid out as DTRACEIOC_AGGDESC says for its aggregation id.
 * doc/records.md gives every record's size and layout.
 */
#ifndef _DTRACE_UAPI_BUF_H
#define _DTRACE_UAPI_BUF_H

#include "types.h"

#define DTRACE_EPIDNONE	 0
#define DTRACE_AGGIDNONE 0

struct dtrace_rechdr {
	uint32_t dtrh_epid;
	uint32_t dtrh_pad;
	uint64_t dtrh_timestamp; /* ns, the firing's timestamp */
};

/* One record of an ECB (principal buffer) or an aggregation (agg buffer). */
struct dtrace_recdesc {
	uint16_t dtrd_action;	 /* DTRACEACT_* */
	uint16_t dtrd_alignment; /* 1, 2, 4 or 8 */
	uint32_t dtrd_size;	 /* bytes; 0 for records with no data */
	uint32_t dtrd_offset;	 /* from the start of the data after the
					 * rechdr (or after the aggent) */
	uint32_t dtrd_format;	 /* format id (DTRACEIOC_FORMAT) or 0 */
	uint32_t dtrd_aggid;	 /* AGG_* heads: aggregation id */
	uint32_t dtrd_pad;
	uint64_t dtrd_arg;  /* dtpa_arg */
	uint64_t dtrd_uarg; /* dtpa_uarg */
};

/* DTRACEIOC_EPDESC: in dtepd_epid and dtepd_nrecs (capacity). */
struct dtrace_epdesc {
	uint32_t dtepd_epid;
	uint32_t dtepd_probeid;
	uint64_t dtepd_uarg;  /* dtpc_uarg of the clause */
	uint32_t dtepd_size;  /* data bytes after the rechdr */
	uint32_t dtepd_nrecs; /* in: capacity; out: records */
	struct dtrace_recdesc dtepd_rec[];
};

/*
 * DTRACEIOC_AGGDESC: in dtagd_id and dtagd_nrecs (capacity). Records are
 * the keys (AGGKEY) in order, then the aggregating action (AGG_*) whose
 * dtrd_size is the value size:
 *   count, sum, min, max   int64
 *   avg                    int64 count, int64 sum
 *   stddev                 int64 count, int64 sum, uint64 sumsq[2] (128 bits, low first)
 *   quantize               int64[DTRACE_QUANTIZE_NBUCKETS]
 *   lquantize              uint64 arg, int64[levels + 2] (underflow first)
 *   llquantize             uint64 arg, int64[] (see doc/records.md)
 */
struct dtrace_aggdesc {
	uint32_t dtagd_id;
	uint32_t dtagd_epid;  /* the ECB that aggregates into it */
	uint64_t dtagd_varid; /* dtpa_uarg: consumer's variable id */
	uint32_t dtagd_size;  /* key + value bytes after the aggent */
	uint32_t dtagd_nrecs; /* in: capacity; out: records */
	struct dtrace_recdesc dtagd_rec[];
};

#define DTRACE_QUANTIZE_NBUCKETS   127 /* -2^62 .. 0 .. 2^62 */
#define DTRACE_QUANTIZE_ZEROBUCKET 63

struct dtrace_aggent {
	uint32_t dtae_aggid;
	uint32_t dtae_size; /* bytes of this entry incl. header, 8-aligned */
};

/*
 * DTRACEIOC_BUFSNAP (principal) and DTRACEIOC_AGGSNAP (aggregation):
 * the consumer names the CPU and a user buffer; the module switches that
 * CPU's buffers (principal, switch policy) and copies the filled one out.
 */
struct dtrace_bufdesc {
	uint64_t dtbd_data; /* user pointer */
	uint64_t dtbd_size; /* in: capacity; out: bytes copied */
	uint32_t dtbd_cpu;
	uint32_t dtbd_errors;	 /* faults on this CPU since last snap */
	uint64_t dtbd_drops;	 /* records dropped since last snap */
	uint64_t dtbd_oldest;	 /* ring policy: offset of oldest record */
	uint64_t dtbd_timestamp; /* when the snapshot was taken */
};

/* DTRACEIOC_STATUS: counters since the last STATUS call, and state. */
#define DTRACE_ACTIVITY_INACTIVE 0
#define DTRACE_ACTIVITY_WARMUP	 1 /* BEGIN running */
#define DTRACE_ACTIVITY_ACTIVE	 2
#define DTRACE_ACTIVITY_DRAINING 3 /* exit() called */
#define DTRACE_ACTIVITY_COOLDOWN 4 /* END running */
#define DTRACE_ACTIVITY_STOPPED	 5
#define DTRACE_ACTIVITY_KILLED	 6

struct dtrace_status {
	uint64_t dtst_dyndrops;
	uint64_t dtst_dyndrops_rinsing;
	uint64_t dtst_dyndrops_dirty;
	uint64_t dtst_specdrops;
	uint64_t dtst_specdrops_busy;
	uint64_t dtst_specdrops_unavail;
	uint64_t dtst_errors;
	uint64_t dtst_filled; /* fill policy: buffers full */
	uint64_t dtst_stkstroverflows;
	uint64_t dtst_dblerrors;    /* faults in ERROR clauses */
	uint64_t dtst_late_refused; /* late ECBs a limit refused */
	uint32_t dtst_activity;	    /* DTRACE_ACTIVITY_* */
	uint32_t dtst_exiting;	    /* exit() was called */
};

#endif /* _DTRACE_UAPI_BUF_H */

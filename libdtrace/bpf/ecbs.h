/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ECBs the in-process core (kernel/user/inproc.h) laid out at
 * ENABLE, seen from C++ without kernel/core's headers: each ECB's
 * probe, predicate, and actions with their DIFOs and record places.
 * The bpf device translates these into the programs that fire.
 */
#ifndef DTRACE_BPF_ECBS_H
#define DTRACE_BPF_ECBS_H

#include <stdint.h>

#include "dtrace/dif.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_inproc_file;

/* A DIFO's tables (bpf/difo_view.h views them); code NULL: none. */
struct dtbpf_difo {
	const dif_instr_t *code;
	const uint64_t *ints;
	const char *strtab;
	const struct dtrace_difv *vars;
	uint32_t ncode, nints, strlen, nvars;
	struct dtrace_diftype rtype;
};

/* How an action records, in the kinds the bpf device tells apart. */
enum dtbpf_rec {
	DTBPF_REC_NONE,	   /* nothing at run time */
	DTBPF_REC_VALUE,   /* the DIFO's value, by value, in size bytes */
	DTBPF_REC_EFFECT,  /* the DIFO runs, records nothing (a statement) */
	DTBPF_REC_EXIT,	   /* int32 status, then the state exits */
	DTBPF_REC_U64,	   /* the DIFO's value as 8 bytes */
	DTBPF_REC_AGG,	   /* an aggregation's head: folds, records nothing */
	DTBPF_REC_STRING,  /* the DIFO's string, at most size bytes */
	DTBPF_REC_STACK,   /* stack(): size / 8 kernel pcs */
	DTBPF_REC_USTACK,  /* ustack(), jstack(): uapi/dtrace/ustack.h by arg */
	DTBPF_REC_PIDADDR, /* usym(), umod(), uaddr(): uint64 pid, the value */
	DTBPF_REC_CHILL,   /* chill(): spins, records nothing */
	DTBPF_REC_SPECULATE, /* speculate(): the DIFO's id picks the buffer */
	DTBPF_REC_TRACEMEM,  /* tracemem(): size bytes read from the value */
	DTBPF_REC_RAISE,     /* raise(): the value's signal, records nothing */
	DTBPF_REC_STOP,	     /* stop(): SIGSTOP, records nothing */
	DTBPF_REC_REF,	     /* size bytes read from the kernel address */
	DTBPF_REC_UREF,	     /* size bytes read from the user address */
	DTBPF_REC_OTHER	     /* anything else: not done by the bpf device */
};

struct dtbpf_action {
	struct dtbpf_difo difo;
	uint16_t kind; /* DTRACEACT_* */
	uint8_t rec;   /* enum dtbpf_rec */
	uint32_t size, offset;
	uint32_t aggid; /* DTBPF_REC_AGG: its aggregation */
	uint64_t arg;	/* DTBPF_REC_USTACK: DTRACE_USTACK_ARG() */
};

/* An aggregation (doc/records.md §6): its keys are dtbpf_get_aggkey's. */
struct dtbpf_agg {
	struct dtbpf_difo value, incr; /* code NULL: none (count, no weight) */
	uint64_t arg;		       /* histogram parameters */
	uint32_t id, nkeys, keylen, valsize;
	uint16_t kind; /* DTRACEACT_AGG_* */
};

struct dtbpf_ecb {
	uint32_t epid, probe_id, size, nacts, noheader;
	uint64_t cookie; /* the probe's provider cookie (profile_prov.c) */
	struct dtbpf_difo pred;
	char provider[64], mod[64], func[192], name[64];
};

/* ECBs the state has (EPIDs 1 to n). */
uint32_t dtbpf_necbs(struct dtrace_inproc_file *f);
/* 0, or -ENOENT for an EPID the state has not. */
int dtbpf_get_ecb(struct dtrace_inproc_file *f, uint32_t epid,
		  struct dtbpf_ecb *out);
int dtbpf_get_action(struct dtrace_inproc_file *f, uint32_t epid, uint32_t i,
		     struct dtbpf_action *out);

/*
 * DIFO i (from 0) of the state's enablings, those of clauses that made
 * no ECB yet too (a late ECB's DIFOs are its enabling's); -ENOENT past
 * the last.
 */
int dtbpf_get_enabling_difo(struct dtrace_inproc_file *f, uint32_t i,
			    struct dtbpf_difo *out);
/*
 * Late matching (kernel/core/late.c): probes ids[0..n) were just made;
 * the state's retained enablings give them their ECBs (EPIDs after the
 * last). 0 or -errno.
 */
int dtbpf_match_new(struct dtrace_inproc_file *f, const uint32_t *ids,
		    uint32_t n);
/* The late ECBs the core refused (a limit), since the state began. */
uint64_t dtbpf_late_refused(struct dtrace_inproc_file *f);

/* 0, or -ENOENT: an aggregation, and its key record i (from 0). */
int dtbpf_get_agg(struct dtrace_inproc_file *f, uint32_t aggid,
		  struct dtbpf_agg *out);
int dtbpf_get_aggkey(struct dtrace_inproc_file *f, uint32_t aggid, uint32_t i,
		     struct dtbpf_action *out);
/*
 * The entries the module's dynamic-variable store holds for these ECBs:
 * dynvarsize divided into entries of their longest key and largest value
 * (kernel/core/dynvar_clean.c); 0 when it cannot be made.
 */
uint32_t dtbpf_dynvar_entries(struct dtrace_inproc_file *f);
/* The strsize option. */
uint64_t dtbpf_strsize(struct dtrace_inproc_file *f);
/* The nspec option, and specsize as the module's dtrace_spec_alloc()
 * sizes the buffers (at most its maximum, 8-aligned downwards). */
uint32_t dtbpf_nspec(struct dtrace_inproc_file *f);
uint64_t dtbpf_specsize(struct dtrace_inproc_file *f);
/* The scratchsize option. */
uint64_t dtbpf_scratchsize(struct dtrace_inproc_file *f);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_ECBS_H */

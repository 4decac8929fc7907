/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The program container: what the consumer hands the module with
 * DTRACEIOC_ENABLE (and, for USDT, what drti hands it with
 * DTRACEHIOC_ADDPROG). One contiguous, position-independent blob:
 * a header of tables, each table an array of fixed-size entries at an
 * offset in the blob. Entries refer to each other by index and to
 * strings by offset in the string table; DTRACE_NONE means "none".
 * The module checks every offset, count and index before using any,
 * then validates every DIFO (dif_dvr.def). doc/program.md has the
 * rules in prose.
 */
#ifndef _DTRACE_UAPI_PROG_H
#define _DTRACE_UAPI_PROG_H

#include "types.h"
#include "dif.h"

#define DTRACE_PROG_MAGIC   0x47505444u /* "DTPG" little-endian */
#define DTRACE_PROG_VERSION 1
#define DTRACE_PROG_MAXSIZE (64u << 20) /* module refuses larger */

/* Header flags */
#define DTRACE_PROGF_HELPER 0x1 /* USDT provider definitions (drti) */
/* -Z: a clause matching no probe is kept, to match probes made later */
#define DTRACE_PROGF_ZDEFS 0x2

struct dtrace_prog_tab {
	uint32_t dtpt_off;   /* byte offset in the blob, 8-aligned */
	uint32_t dtpt_count; /* entries (bytes for strtab) */
};

/*
 * The tables, in index order: X(NAME, entry type) names DTRACE_PT_NAME,
 * whose entries are of that type (dtrace_prog_entsize()).
 */
#define DTRACE_PROG_TABLES(X)                                    \
	X(STRTAB, char) /* NUL-terminated strings */             \
	X(PROBES, struct dtrace_prog_probe)                      \
	X(DIFOS, struct dtrace_prog_difo)                        \
	X(CODE, dif_instr_t)	    /* code of all DIFOs */      \
	X(INTS, uint64_t)	    /* integers of all DIFOs */  \
	X(VARS, struct dtrace_difv) /* variables of all DIFOs */ \
	X(ACTIONS, struct dtrace_prog_action)                    \
	X(CLAUSES, struct dtrace_prog_clause)                    \
	X(OPTIONS, struct dtrace_prog_option)                    \
	X(PROVIDERS, struct dtrace_prog_provider) /* helper */   \
	X(USDT, struct dtrace_prog_usdt)	  /* helper */   \
	X(OFFSETS, uint64_t) /* helper: probe-site offsets */

enum dtrace_prog_table {
#define DTRACE_PT_ENUM(name, type) DTRACE_PT_##name,
	DTRACE_PROG_TABLES(DTRACE_PT_ENUM) DTRACE_PT_NTABLES
#undef DTRACE_PT_ENUM
};

struct dtrace_prog_hdr {
	uint32_t dtph_magic;   /* DTRACE_PROG_MAGIC */
	uint16_t dtph_version; /* DTRACE_PROG_VERSION */
	uint16_t dtph_hdrsize; /* sizeof (struct dtrace_prog_hdr) */
	uint32_t dtph_size;    /* total blob bytes */
	uint32_t dtph_flags;   /* DTRACE_PROGF_* */
	uint8_t dtph_difvers;  /* DTRACE_DIF_VERSION */
	uint8_t dtph_nregs;    /* DIF_DIR_NREGS the code assumes */
	uint8_t dtph_ntregs;   /* DIF_DTR_NREGS the code assumes */
	uint8_t dtph_pad[5];
	struct dtrace_prog_tab dtph_tab[DTRACE_PT_NTABLES];
};

/*
 * A probe description pattern. Fields are strtab offsets of glob
 * patterns (*, ?, [set], \ escape; "" matches anything). A non-zero
 * dtpp_id selects exactly that probe and the names are ignored.
 */
struct dtrace_prog_probe {
	uint32_t dtpp_provider;
	uint32_t dtpp_mod;
	uint32_t dtpp_func;
	uint32_t dtpp_name;
	uint32_t dtpp_id;
	uint32_t dtpp_pad;
};

/*
 * A DIF object: slices of the shared CODE, INTS and VARS tables, plus
 * its own string table region (SETS offsets and dtdv_name are relative
 * to dtpd_strtab, which must lie inside STRTAB).
 */
struct dtrace_prog_difo {
	uint32_t dtpd_code; /* first instruction in CODE */
	uint32_t dtpd_ncode;
	uint32_t dtpd_ints; /* first entry in INTS */
	uint32_t dtpd_nints;
	uint32_t dtpd_vars; /* first entry in VARS */
	uint32_t dtpd_nvars;
	uint32_t dtpd_strtab;		  /* byte offset in STRTAB */
	uint32_t dtpd_strlen;		  /* bytes */
	struct dtrace_diftype dtpd_rtype; /* type of the RET value */
};

/* An action (actions.def says what each kind records). */
struct dtrace_prog_action {
	uint16_t dtpa_kind;   /* DTRACEACT_* */
	uint16_t dtpa_flags;  /* reserved, 0 */
	uint32_t dtpa_difo;   /* DIFOS index or DTRACE_NONE */
	uint32_t dtpa_ntuple; /* continuation actions that follow */
	uint32_t dtpa_format; /* strtab offset or DTRACE_NONE */
	uint64_t dtpa_arg;    /* kind-specific */
	uint64_t dtpa_uarg;   /* consumer cookie, returned in recdesc */
};

/* Histogram parameters in dtpa_arg of AGG_LQUANTIZE / AGG_LLQUANTIZE. */
#define DTRACE_LQUANTIZE_ARG(base, levels, step)       \
	(((uint64_t)(uint32_t)(int32_t)(base) << 32) | \
	 ((uint64_t)((levels)&0xffff) << 16) | ((uint64_t)(step)&0xffff))
#define DTRACE_LQUANTIZE_BASE(a)   ((int32_t)((uint64_t)(a) >> 32))
#define DTRACE_LQUANTIZE_LEVELS(a) ((uint16_t)((a) >> 16))
#define DTRACE_LQUANTIZE_STEP(a)   ((uint16_t)(a))
#define DTRACE_LLQUANTIZE_ARG(factor, low, high, nsteps) \
	(((uint64_t)((factor)&0xffff) << 48) |           \
	 ((uint64_t)((low)&0xffff) << 32) |              \
	 ((uint64_t)((high)&0xffff) << 16) | ((uint64_t)(nsteps)&0xffff))
#define DTRACE_LLQUANTIZE_FACTOR(a) ((uint16_t)((uint64_t)(a) >> 48))
#define DTRACE_LLQUANTIZE_LOW(a)    ((uint16_t)((uint64_t)(a) >> 32))
#define DTRACE_LLQUANTIZE_HIGH(a)   ((uint16_t)((a) >> 16))
#define DTRACE_LLQUANTIZE_NSTEP(a)  ((uint16_t)(a))

/* dtpa_arg of DTRACEACT_LIBACT: consumer-side aggregation actions. */
#define DTRACE_LIBACT_NORMALIZE	  1
#define DTRACE_LIBACT_DENORMALIZE 2
#define DTRACE_LIBACT_TRUNC	  3
#define DTRACE_LIBACT_CLEAR	  4

/*
 * A clause: for every probe matching dtpc_probe, the module creates one
 * enabled probe (ECB) with its own EPID that runs the predicate, then
 * the actions dtpc_action .. dtpc_action + dtpc_naction - 1.
 */
struct dtrace_prog_clause {
	uint32_t dtpc_probe;  /* PROBES index */
	uint32_t dtpc_pred;   /* DIFOS index or DTRACE_NONE */
	uint32_t dtpc_action; /* first ACTIONS index */
	uint32_t dtpc_naction;
	uint64_t dtpc_uarg; /* consumer cookie, in the EPID description */
};

/*
 * The consumer cookie of dtpc_uarg and dtpa_uarg: which of the
 * consumer's programs, and which clause or action in it. The module
 * only hands it back (EPID and record descriptions, aggregation varid).
 */
struct dtrace_prog_cookie {
	uint32_t prog;
	uint32_t index;
};

static inline uint64_t dtrace_prog_cookie_encode(uint32_t prog, uint32_t index)
{
	return ((uint64_t)prog << 32) | index;
}

static inline struct dtrace_prog_cookie dtrace_prog_cookie_decode(uint64_t uarg)
{
	struct dtrace_prog_cookie c = { (uint32_t)(uarg >> 32),
					(uint32_t)uarg };

	return c;
}

struct dtrace_prog_option {
	uint32_t dtpo_option; /* DTRACEOPT_* (options.def) */
	uint32_t dtpo_pad;
	uint64_t dtpo_value;
};

/*
 * USDT provider definitions (DTRACE_PROGF_HELPER programs, built by
 * dtrace -G and registered by drti). Offsets are relative to the start
 * of the object's text as loaded (drti passes the load base).
 */
struct dtrace_prog_provider {
	uint32_t dtpv_name; /* strtab: provider name, no pid */
	uint32_t dtpv_usdt; /* first USDT index */
	uint32_t dtpv_nusdt;
	uint32_t dtpv_pad;
};

/*
 * A call site of more than six arguments (x86-64, usdt/dtrace_sdt.h)
 * pushes the 7th to 12th where a call would leave them, 0(%rsp) up, after
 * stepping over the red zone: at its nop %rsp is this many bytes below
 * the function's own, which stack walks add back.
 */
#define DTRACE_USDT_SP_SKIP 176

struct dtrace_prog_usdt {
	uint32_t dtpu_func;	/* strtab: function containing the sites */
	uint32_t dtpu_name;	/* strtab: probe name */
	uint32_t dtpu_nargs;	/* native argument count */
	uint32_t dtpu_argtypes; /* strtab: native types, ';'-separated */
	uint32_t dtpu_offs;	/* first OFFSETS index: call sites */
	uint32_t dtpu_noffs;
	uint32_t dtpu_enoffs; /* first OFFSETS index: is-enabled sites */
	uint32_t dtpu_nenoffs;
	uint64_t dtpu_semaphore; /* offset of a uint16_t enabled counter
					 * (uprobe reference counter), or 0 */
};

/* The size of one entry of table t (bytes for the strtab), 0 if none. */
static inline uint32_t dtrace_prog_entsize(uint32_t t)
{
	switch (t) {
#define DTRACE_PT_SIZE(name, type) \
	case DTRACE_PT_##name:     \
		return sizeof(type);
		DTRACE_PROG_TABLES(DTRACE_PT_SIZE)
#undef DTRACE_PT_SIZE
	default:
		return 0;
	}
}

#endif /* _DTRACE_UAPI_PROG_H */

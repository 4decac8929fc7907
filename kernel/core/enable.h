/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the ENABLE path: prog.c checks a container and
 * yields a view of its tables; vars.c merges its variables into the
 * state; ecb.c lays out and creates ECBs; enable.c drives it all.
 */
#ifndef _DTRACE_CORE_ENABLE_H
#define _DTRACE_CORE_ENABLE_H

#include "core/state.h"
#include "dtrace/limits.h"

/* A checked container: every table in bounds, every index in range. */
struct dtrace_progview {
	const struct dtrace_prog_hdr *hdr;
	const char *strtab;
	const struct dtrace_prog_probe *probes;
	const struct dtrace_prog_difo *difos;
	const dif_instr_t *code;
	const uint64_t *ints;
	const struct dtrace_difv *vars;
	const struct dtrace_prog_action *acts;
	const struct dtrace_prog_clause *clauses;
	const struct dtrace_prog_option *opts;
	uint32_t strtab_len;
	uint32_t nprobes;
	uint32_t ndifos;
	uint32_t ncode;
	uint32_t nints;
	uint32_t nvars;
	uint32_t nacts;
	uint32_t nclauses;
	uint32_t nopts;
};

/* Sets res->msg (and returns -EINVAL) with an optional number. */
int dtrace_enable_fail(struct dtrace_enable_res *res, int err, const char *what,
		       uint64_t n, const char *rest);
/*
 * A size or count over a limits.h limit: -E2BIG with res->msg
 * "<what>[<id>]: <n><unit>, over the limit of <max>" (no id: DTRACE_NONE).
 */
int dtrace_enable_limit(struct dtrace_enable_res *res, const char *what,
			uint64_t id, uint64_t n, const char *unit,
			uint64_t max);

int dtrace_prog_check(const void *blob, size_t size, struct dtrace_progview *pv,
		      struct dtrace_enable_res *res);
/* Checked strtab string (offsets were checked by dtrace_prog_check). */
static inline const char *dtrace_prog_str(const struct dtrace_progview *pv,
					  uint32_t off)
{
	return pv->strtab + off;
}

/* What an action's DIFO must return (checked after validation). */
#define DTRACE_RT_ANY	 0
#define DTRACE_RT_VALUE	 1 /* by value */
#define DTRACE_RT_VALUE4 2 /* by value, 4 bytes (exit) */
#define DTRACE_RT_VALUE8 3 /* by value, 8 bytes (an address) */
uint8_t dtrace_act_rtype(uint16_t kind);
bool dtrace_act_known(uint16_t kind);
/* Clause action structure: heads, continuations, DIFOs, formats, args. */
int dtrace_clause_check(const struct dtrace_progview *pv, uint32_t c,
			struct dtrace_enable_res *res);
/* Destructive actions need the destructive option: -EPERM. */
int dtrace_clause_privs(const struct dtrace_progview *pv, uint32_t c,
			bool destructive, struct dtrace_enable_res *res);

/*
 * Every clause's worst-case cost within DTRACE_CLAUSE_COST_MAX (-E2BIG);
 * sets the cost of ECBs from on: their clause's and the zeroing of
 * lbytes of clause-local storage. Keeps each clause's cost in en->ccost
 * for ECBs made later (late.c).
 */
int dtrace_enable_cost(struct dtrace_state *st, uint32_t from,
		       const struct dtrace_progview *pv,
		       struct dtrace_enabling *en, const uint64_t *opts,
		       uint64_t lbytes, struct dtrace_enable_res *res);
/* -E2BIG and res->msg if ecb would bring its probe over the budget. */
int dtrace_probe_charge(struct dtrace_ecb *ecb, struct dtrace_enable_res *res);
/* Clause-local zeroing, in cost units, of lbytes (fire.c zeroes all). */
static inline uint64_t dtrace_zero_cost(uint64_t lbytes)
{
	return (lbytes + DTRACE_COST_BULK - 1) / DTRACE_COST_BULK;
}
/*
 * A later enabling may grow the state's clause-locals, which each firing
 * of its ECBs zeroes: ECBs [0, n) each cost delta more, and so do their
 * probes' sums (-E2BIG past the budget, nothing charged); uncharge takes
 * it back.
 */
int dtrace_ecbs_recharge(struct dtrace_state *st, uint32_t n, uint64_t delta,
			 struct dtrace_enable_res *res);
void dtrace_ecbs_uncharge(struct dtrace_state *st, uint32_t n, uint64_t delta);

/* Options from the program, on top of st->opts, into opts. */
int dtrace_opts_apply(const struct dtrace_state *st,
		      const struct dtrace_progview *pv, uint64_t *opts,
		      struct dtrace_enable_res *res);

/* Variables: merge every DIFO's vartab into new tables, then commit. */
struct dtrace_varmerge {
	struct dtrace_vars g, t, l;
	uint64_t lstore_size;
	uint64_t gstore_size;
};
int dtrace_vars_merge(struct dtrace_state *st, const struct dtrace_progview *pv,
		      uint32_t strsize, struct dtrace_varmerge *vm,
		      struct dtrace_enable_res *res);
void dtrace_vars_commit(struct dtrace_state *st, struct dtrace_varmerge *vm);
void dtrace_vars_abort(struct dtrace_state *st, struct dtrace_varmerge *vm);

/*
 * ECBs: create one, unattached, with a new EPID; rollback undoes them.
 * like: an ECB of the same clause made by this ENABLE, whose layout is
 * copied, or NULL.
 */
int dtrace_ecb_create(struct dtrace_state *st, struct dtrace_enabling *en,
		      const struct dtrace_progview *pv, uint32_t clause,
		      struct dtrace_probe *probe, const struct dtrace_ecb *like,
		      struct dtrace_enable_res *res);
void dtrace_ecb_rollback(struct dtrace_state *st, uint32_t necbs,
			 uint32_t naggs, uint32_t nformats);
/*
 * The probes of every clause (match.c), found once per distinct
 * description; -ENOENT for a clause that matches none, -E2BIG past
 * DTRACE_MAX_ECBS, -EINTR for a killed caller.
 */
struct dtrace_matchset;
int dtrace_match_clauses(struct dtrace_state *st,
			 const struct dtrace_progview *pv,
			 struct dtrace_matchset **out,
			 struct dtrace_enable_res *res);
/* Clause c's probes in id order; returns their number. */
uint32_t dtrace_match_probes(const struct dtrace_matchset *ms, uint32_t c,
			     struct dtrace_probe *const **probes);
void dtrace_matchset_free(struct dtrace_matchset *ms);
/*
 * Keeps ms for probes made later (late.c): each distinct description's
 * clauses, descriptions by provider:function:name when those are plain
 * names, the others in a list; trim frees ENABLE's probe list after.
 */
int dtrace_match_retain(struct dtrace_matchset *ms);
void dtrace_match_trim(struct dtrace_matchset *ms);
/*
 * The clauses of a retained ms whose descriptions match p, in clause
 * order (*clauses, valid until the next call); returns their number or
 * -EINTR. Work: the distinct descriptions compared, the clauses found.
 */
int dtrace_match_late(struct dtrace_matchset *ms, const struct dtrace_probe *p,
		      uint64_t *work, const uint32_t **clauses);

/* The id (from 1) of format string s, added if new; 0: no memory. */
uint32_t dtrace_format_id(struct dtrace_state *st, const char *s);
/* Frees the formats from id nformats + 1 on (the newest first). */
void dtrace_formats_rollback(struct dtrace_state *st, uint32_t nformats);
void dtrace_formats_free(struct dtrace_state *st);
/*
 * Links ECBs epid > from onto their probes, adding each one's cost to
 * its probe's; -E2BIG (res says which) past DTRACE_FIRING_COST_MAX.
 */
int dtrace_ecb_attach(struct dtrace_state *st, uint32_t from,
		      struct dtrace_enable_res *res);
/*
 * Links one ECB made after its enabling (late.c) onto its probe, within
 * the probe's budget (-E2BIG, nothing changed); the provider must have
 * no commit step.
 */
int dtrace_ecb_attach_one(struct dtrace_ecb *ecb,
			  struct dtrace_enable_res *res);
/* Sets act->rk/vk/size and the record alignment from act->kind/arg/difo. */
void dtrace_action_layout(struct dtrace_action *act, uint32_t strsize,
			  uint32_t *align);
/* Value bytes of an aggregating action (AGG_*), per buf.h. */
uint32_t dtrace_agg_valsize(uint16_t kind, uint64_t arg);
uint32_t dtrace_llquantize_nbuckets(uint64_t arg);
/* Record layout of a value of type t (size 0 = strsize). */
void dtrace_value_layout(const struct dtrace_diftype *t, uint32_t strsize,
			 uint8_t *vk, uint32_t *size, uint32_t *align);

#endif /* _DTRACE_CORE_ENABLE_H */

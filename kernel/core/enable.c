// SPDX-License-Identifier: GPL-2.0
/*
 * DTRACEIOC_ENABLE: turns a program container into ECBs of a state.
 * Order: container checks (prog.c), options (the first enable fixes
 * them), clause structure, DIF validation of every DIFO, variables,
 * probe matching for every clause, then ECB creation. Nothing becomes
 * visible to probe context until everything has succeeded; on failure
 * the state is exactly as before and res says why. A dry run (dtrace -e,
 * through libdtkcore) makes every check that needs no probe and no
 * system: one ECB per clause on no probe, then it undoes everything.
 */
#include "core/enable.h"
#include "core/util.h"

struct opt_def {
	const char *name;
	uint64_t def, min, max;
	bool later; /* a later ENABLE may change it */
};

static const struct opt_def opt_defs[DTRACEOPT_MAX] = {
#define DTRACEOPT(NAME, id, name, kind, def, min, max, later) \
	[id] = { #NAME, def, min, max, later },
#include "dtrace/options.def"
#undef DTRACEOPT
};

void dtrace_opts_defaults(uint64_t *opts)
{
	uint32_t i;

	for (i = 0; i < DTRACEOPT_MAX; i++)
		opts[i] = opt_defs[i].def;
}

/* doc/program.md §8; id was checked by dtrace_prog_check(). */
static bool opt_ok(uint32_t id, uint64_t v, uint32_t ncpus)
{
	if (v < opt_defs[id].min || v > opt_defs[id].max)
		return false;
	return id != DTRACEOPT_CPU || v == 0xffffffffu || v < ncpus;
}

int dtrace_opts_apply(const struct dtrace_state *st,
		      const struct dtrace_progview *pv, uint64_t *opts,
		      struct dtrace_enable_res *res)
{
	uint32_t i;

	dtrace_memcpy(opts, st->opts, sizeof(st->opts));
	for (i = 0; i < pv->nopts; i++) {
		uint32_t id = pv->opts[i].dtpo_option;
		uint64_t v = pv->opts[i].dtpo_value;

		if (!opt_ok(id, v, st->core->ncpus)) {
			/* "option STRSIZE: 1 is out of range" */
			struct dtrace_msg m;

			dtrace_msg_init(&m, res->msg, sizeof(res->msg));
			dtrace_msg_str(&m, "option ");
			dtrace_msg_str(&m, opt_defs[id].name);
			dtrace_msg_str(&m, ": ");
			dtrace_msg_u64(&m, v);
			dtrace_msg_str(&m, " is out of range (doc/limits.md)");
			return -EINVAL;
		}
		if (id == DTRACEOPT_BUFSIZE)
			v = DTRACE_ALIGN(v, 8);
		if (st->opts_fixed && !opt_defs[id].later && v != st->opts[id])
			return dtrace_enable_fail(res, -EINVAL, "option ", id,
						  " differs from the first "
						  "enable");
		opts[id] = v;
	}
	return 0;
}

static struct dtrace_enabling *enabling_create(void *blob,
					       const struct dtrace_progview *pv)
{
	struct dtrace_enabling *en = dtrace_port_zalloc(sizeof(*en));
	uint32_t i;

	if (en == NULL)
		return NULL;
	en->difos = dtrace_zalloc_array(pv->ndifos, sizeof(*en->difos));
	if (en->difos == NULL) {
		dtrace_port_free(en);
		return NULL;
	}
	en->blob = blob;
	en->ndifos = pv->ndifos;
	for (i = 0; i < pv->ndifos; i++) {
		const struct dtrace_prog_difo *pd = &pv->difos[i];
		struct dtrace_difo *d = &en->difos[i];

		d->code = pv->code + pd->dtpd_code;
		d->ncode = pd->dtpd_ncode;
		d->ints = pv->ints + pd->dtpd_ints;
		d->nints = pd->dtpd_nints;
		d->vars = pv->vars + pd->dtpd_vars;
		d->nvars = pd->dtpd_nvars;
		d->strtab = pv->strtab + pd->dtpd_strtab;
		d->strlen = pd->dtpd_strlen;
		d->rtype = pd->dtpd_rtype;
	}
	return en;
}

static void enabling_free(struct dtrace_enabling *en)
{
	dtrace_matchset_free(en->ms);
	dtrace_port_free(en->pv);
	dtrace_port_free(en->ccost);
	dtrace_port_free(en->blob);
	dtrace_port_free(en->difos);
	dtrace_port_free(en);
}

static const char *const dvr_msgs[] = {
#define DIF_DVR(name, msg) msg,
#include "dtrace/dif_dvr.def"
#undef DIF_DVR
};

/* The first clause that uses DIFO d, or DTRACE_NONE. */
static uint32_t difo_clause(const struct dtrace_progview *pv, uint32_t d)
{
	uint32_t c, i;

	for (c = 0; c < pv->nclauses; c++) {
		const struct dtrace_prog_clause *cl = &pv->clauses[c];

		if (cl->dtpc_pred == d)
			return c;
		for (i = 0; i < cl->dtpc_naction; i++)
			if (pv->acts[cl->dtpc_action + i].dtpa_difo == d)
				return c;
	}
	return DTRACE_NONE;
}

static int difo_fail(const struct dtrace_progview *pv,
		     struct dtrace_enable_res *res, uint32_t d,
		     const struct dtrace_vres *vr, int err)
{
	size_t len;

	res->difo = d;
	res->pc = vr->pc;
	res->dvr = vr->dvr;
	res->clause = difo_clause(pv, d);
	if (vr->entry != DTRACE_NONE)
		dtrace_enable_fail(res, 0, "DIFO ", d, ", variable entry ");
	else
		dtrace_enable_fail(res, 0, "DIFO ", d, "");
	if (vr->entry != DTRACE_NONE) {
		struct dtrace_msg m = { res->msg, sizeof(res->msg),
					dtrace_strlen(res->msg) };

		dtrace_msg_u64(&m, vr->entry);
	}
	len = dtrace_strlen(res->msg);
	dtrace_strlcpy(res->msg + len, ": ", sizeof(res->msg) - len);
	len = dtrace_strlen(res->msg);
	dtrace_strlcpy(res->msg + len,
		       vr->dvr < DTRACE_ARRAY_SIZE(dvr_msgs) ?
			       dvr_msgs[vr->dvr] :
			       "invalid",
		       sizeof(res->msg) - len);
	return err;
}

static int validate_all(const struct dtrace_progview *pv,
			struct dtrace_enabling *en, bool destructive,
			struct dtrace_enable_res *res)
{
	struct dtrace_vres vr;
	uint32_t i;
	int err;

	for (i = 0; i < en->ndifos; i++) {
		err = dtrace_yield(); /* a DIFO is up to 65,536 instructions */
		if (err != 0)
			return err;
		err = dtrace_dif_validate(&en->difos[i], destructive, &vr);
		if (err == -ENOMEM)
			return err;
		if (err != 0)
			return difo_fail(pv, res, i, &vr, err);
		en->difos[i].defregs = dtrace_dif_defregs(&en->difos[i]);
		en->difos[i].ldgs_only = dtrace_dif_ldgs_only(&en->difos[i]);
	}
	return 0;
}

static bool rtype_ok(const struct dtrace_diftype *t, uint8_t want)
{
	bool byval = t->dtdt_kind == DIF_TYPE_CTF && t->dtdt_flags == 0 &&
		     t->dtdt_size != 0;

	switch (want) {
	case DTRACE_RT_VALUE:
		return byval;
	case DTRACE_RT_VALUE4:
		return byval && t->dtdt_size == 4;
	case DTRACE_RT_VALUE8:
		return byval && t->dtdt_size == 8;
	default:
		return true;
	}
}

/*
 * The clause loops of ENABLE walk each clause's actions (65,536 at most,
 * and clauses up to the container's size): they yield by this measure.
 */
static uint64_t clause_steps(const struct dtrace_progview *pv, uint32_t c)
{
	return 1 + (uint64_t)pv->clauses[c].dtpc_naction;
}

/* Return types must suit their use: predicates, exit(), tracemem()... */
static int check_uses(const struct dtrace_progview *pv,
		      struct dtrace_enabling *en, struct dtrace_enable_res *res)
{
	struct dtrace_vres vr = { DIF_DVR_BAD_RTYPE, DTRACE_NONE, DTRACE_NONE };
	uint64_t work = 0;
	uint32_t c, i;
	int err;

	for (c = 0; c < pv->nclauses; c++) {
		const struct dtrace_prog_clause *cl = &pv->clauses[c];

		err = dtrace_yield_work(&work, clause_steps(pv, c));
		if (err != 0)
			return err;
		if (cl->dtpc_pred != DTRACE_NONE &&
		    !rtype_ok(&en->difos[cl->dtpc_pred].rtype, DTRACE_RT_VALUE))
			return difo_fail(pv, res, cl->dtpc_pred, &vr, -EINVAL);
		for (i = 0; i < cl->dtpc_naction; i++) {
			const struct dtrace_prog_action *a =
				&pv->acts[cl->dtpc_action + i];
			const struct dtrace_diftype *t;

			if (a->dtpa_difo == DTRACE_NONE)
				continue;
			t = &en->difos[a->dtpa_difo].rtype;
			if (!rtype_ok(t, dtrace_act_rtype(a->dtpa_kind)) ||
			    (dtrace_diftype_void(t) &&
			     a->dtpa_kind != DTRACEACT_DIFEXPR))
				return difo_fail(pv, res, a->dtpa_difo, &vr,
						 -EINVAL);
		}
	}
	return 0;
}

/*
 * Kernel bytes one ECB of clause c takes: the ECB, its actions and
 * records, its slot in st->ecbs, and each aggregation's block, keys,
 * records and slot (ecb.c). Allocator overhead comes on top.
 */
static uint64_t ecb_bytes(const struct dtrace_progview *pv, uint32_t c)
{
	const struct dtrace_prog_clause *cl = &pv->clauses[c];
	uint64_t per = sizeof(struct dtrace_action) +
		       sizeof(struct dtrace_recdesc);
	uint64_t n = sizeof(struct dtrace_ecb) + sizeof(void *) +
		     (uint64_t)cl->dtpc_naction * per;
	uint32_t i;

	for (i = 0; i < cl->dtpc_naction; i++) {
		const struct dtrace_prog_action *a =
			&pv->acts[cl->dtpc_action + i];

		if (DTRACEACT_ISAGG(a->dtpa_kind))
			n += sizeof(struct dtrace_aggregation) +
			     sizeof(void *) +
			     ((uint64_t)a->dtpa_ntuple + 1) * per;
	}
	return n;
}

/*
 * Checked before any ECB is made: the ECBs every clause makes on every
 * probe it matches must fit dtrace_port_mem_budget(), or -E2BIG (16
 * clauses of 4,096 printf()s on syscall:::entry wanted some 5,400 ECBs
 * of 4,096 actions each: the OOM killer's, not ours). Sums in 64 bits:
 * at most 2^22 ECBs of 2^16 actions of a few dozen bytes.
 */
static int enable_mem(const struct dtrace_progview *pv,
		      const struct dtrace_matchset *ms,
		      struct dtrace_enable_res *res)
{
	struct dtrace_probe *const *probes;
	uint64_t need = 0, necbs = 0, nacts = 0, budget, n;
	struct dtrace_msg m;
	uint64_t work = 0;
	uint32_t c;
	int err;

	for (c = 0; c < pv->nclauses; c++) {
		err = dtrace_yield_work(&work, clause_steps(pv, c));
		if (err != 0)
			return err;
		n = dtrace_match_probes(ms, c, &probes);
		necbs += n;
		nacts += n * pv->clauses[c].dtpc_naction;
		need += n * ecb_bytes(pv, c);
	}
	budget = dtrace_port_mem_budget();
	if (need <= budget)
		return 0;
	/* "enabling: 5408 ECBs with 22151168 actions need ..." (128 bytes) */
	dtrace_msg_init(&m, res->msg, sizeof(res->msg));
	dtrace_msg_str(&m, "enabling: ");
	dtrace_msg_u64(&m, necbs);
	dtrace_msg_str(&m, " ECBs with ");
	dtrace_msg_u64(&m, nacts);
	dtrace_msg_str(&m, " actions need ");
	dtrace_msg_u64(&m, need);
	dtrace_msg_str(&m, " bytes, over the memory budget of ");
	dtrace_msg_u64(&m, budget);
	dtrace_msg_str(&m, " (MemAvailable / 2)");
	return -E2BIG;
}

/*
 * A clause that matches nothing yet (-Z) is laid out on no probe and
 * undone: its limits are checked now, and the largest aggregation key,
 * which sizes GO's key area, counts it (late.c refuses a larger one).
 */
static int layout_only(struct dtrace_state *st, struct dtrace_enabling *en,
		       const struct dtrace_progview *pv, uint32_t c,
		       struct dtrace_enable_res *res)
{
	uint32_t necbs = st->necbs, naggs = st->naggs;
	uint32_t nformats = st->nformats;
	int err = dtrace_ecb_create(st, en, pv, c, NULL, NULL, res);

	dtrace_ecb_rollback(st, necbs, naggs, nformats);
	return err;
}

static int create_all(struct dtrace_state *st, struct dtrace_enabling *en,
		      const struct dtrace_progview *pv,
		      const struct dtrace_matchset *ms,
		      struct dtrace_enable_res *res, bool dry)
{
	struct dtrace_probe *const *probes;
	const struct dtrace_ecb *like;
	uint64_t work = 0;
	uint32_t c, i, n;
	int err = dry ? 0 : enable_mem(pv, ms, res);

	for (c = 0; err == 0 && c < pv->nclauses; c++) {
		if (dry) { /* the layout and its limits, on no probe */
			err = dtrace_ecb_create(st, en, pv, c, NULL, NULL, res);
			if (err != 0)
				return err;
			continue;
		}
		n = dtrace_match_probes(ms, c, &probes);
		if (n == 0) { /* -Z: its layout's limits now, ECBs later */
			err = layout_only(st, en, pv, c, res);
			continue;
		}
		for (i = 0, like = NULL; i < n; i++) {
			/* each ECB costs its actions: 65,536 at most */
			err = dtrace_yield_work(&work, clause_steps(pv, c));
			if (err != 0)
				return err;
			err = dtrace_ecb_create(st, en, pv, c, probes[i], like,
						res);
			if (err == -E2BIG)
				return err; /* res says which limit */
			if (err != 0) {
				res->clause = c;
				return dtrace_enable_fail(
					res, err, "out of memory creating ECBs",
					0, NULL);
			}
			like = st->ecbs[st->necbs - 1];
			res->nprobes++;
		}
	}
	return err;
}

/* The steps that need no rollback of the state (program.md §7 order). */
static int enable_check(struct dtrace_state *st, struct dtrace_enabling *en,
			const struct dtrace_progview *pv, const uint64_t *opts,
			struct dtrace_matchset **ms,
			struct dtrace_enable_res *res, bool dry)
{
	bool destructive = opts[DTRACEOPT_DESTRUCTIVE] != 0;
	uint64_t work = 0;
	uint32_t c;
	int err = 0;

	if (!dry)
		err = dtrace_port_lockdown(destructive, res->msg,
					   sizeof(res->msg));
	if (err != 0)
		return err;
	for (c = 0; c < pv->nclauses; c++) {
		err = dtrace_yield_work(&work, clause_steps(pv, c));
		if (err == 0)
			err = dtrace_clause_check(pv, c, res);
		if (err != 0)
			return err;
	}
	err = validate_all(pv, en, destructive, res);
	if (err == 0)
		err = check_uses(pv, en, res);
	for (c = 0; err == 0 && c < pv->nclauses; c++) {
		err = dtrace_yield_work(&work, clause_steps(pv, c));
		if (err == 0)
			err = dtrace_clause_privs(pv, c, destructive, res);
	}
	if (err == 0 && !dry)
		err = dtrace_match_clauses(st, pv, ms, res);
	return err;
}

static int enable_commit(struct dtrace_state *st, struct dtrace_enabling *en,
			 const struct dtrace_progview *pv, const uint64_t *opts,
			 const struct dtrace_matchset *ms,
			 struct dtrace_enable_res *res, bool dry)
{
	uint32_t necbs = st->necbs, naggs = st->naggs;
	uint32_t nformats = st->nformats;
	uint64_t saved[DTRACEOPT_MAX], grown = 0;
	struct dtrace_varmerge vm;
	int err;

	err = dtrace_vars_merge(st, pv, (uint32_t)opts[DTRACEOPT_STRSIZE], &vm,
				res);
	if (err != 0)
		return err;
	dtrace_memcpy(saved, st->opts, sizeof(saved));
	dtrace_memcpy(st->opts, opts, sizeof(saved)); /* ECB layout uses them */
	err = create_all(st, en, pv, ms, res, dry);
	if (err == 0) /* after the size limits, which say more */
		err = dtrace_enable_cost(
			st, necbs, pv, en, opts,
			vm.l.n * sizeof(uint64_t) + vm.lstore_size, res);
	if (err == 0) { /* this-> grew: the state's ECBs zero more */
		uint64_t now = dtrace_zero_cost(vm.l.n * sizeof(uint64_t) +
						vm.lstore_size);
		uint64_t was = dtrace_zero_cost(st->lvars.n * sizeof(uint64_t) +
						st->lstore_size);

		grown = now > was ? now - was : 0;
		err = dtrace_ecbs_recharge(st, necbs, grown, res);
		if (err != 0)
			grown = 0;
	}
	if (err == 0 && !dry)
		err = dtrace_ecb_attach(st, necbs, res);
	if (err != 0 || dry) {
		dtrace_ecbs_uncharge(st, necbs, grown);
		dtrace_ecb_rollback(st, necbs, naggs, nformats);
		dtrace_vars_abort(st, &vm);
		dtrace_memcpy(st->opts, saved, sizeof(saved));
		res->nprobes = 0;
		return err;
	}
	dtrace_vars_commit(st, &vm);
	st->opts_fixed = 1;
	if (st->entail == NULL)
		st->entail = &st->enablings;
	*st->entail = en; /* in ENABLE order: late.c's order */
	st->entail = &en->next;
	return 0;
}

/* A dry run leaves blob to its caller and st as it was. */
static int state_enable(struct dtrace_state *st, void *blob, size_t size,
			struct dtrace_enable_res *res, bool dry)
{
	void *owned = dry ? NULL : blob;
	struct dtrace_matchset *ms = NULL;
	struct dtrace_progview pv;
	struct dtrace_enabling *en;
	uint64_t opts[DTRACEOPT_MAX];
	int err;

	dtrace_memset(res, 0, sizeof(*res));
	res->clause = DTRACE_NONE;
	res->difo = DTRACE_NONE;
	res->pc = DTRACE_NONE;
	if (st->activity != DTRACE_ACTIVITY_INACTIVE) {
		dtrace_port_free(owned);
		return dtrace_enable_fail(
			res, -EBUSY, "tracing has already started", 0, NULL);
	}
	err = dtrace_prog_check(blob, size, &pv, res);
	if (err == 0)
		err = dtrace_opts_apply(st, &pv, opts, res);
	if (err != 0) {
		dtrace_port_free(owned);
		return err;
	}
	en = enabling_create(owned, &pv);
	if (en == NULL) {
		dtrace_port_free(owned);
		return -ENOMEM;
	}
	err = enable_check(st, en, &pv, opts, &ms, res, dry);
	if (err == 0 && !dry) { /* retained for probes made later */
		en->pv = dtrace_port_zalloc(sizeof(*en->pv));
		err = en->pv != NULL ? dtrace_match_retain(ms) : -ENOMEM;
		if (en->pv != NULL)
			*en->pv = pv;
	}
	if (err == 0)
		err = enable_commit(st, en, &pv, opts, ms, res, dry);
	if (err == 0 && !dry) {
		dtrace_match_trim(ms);
		en->ms = ms;
		ms = NULL;
	}
	dtrace_matchset_free(ms);
	if (err != 0 || dry)
		enabling_free(en);
	return err;
}

int dtrace_state_enable(struct dtrace_state *st, void *blob, size_t size,
			struct dtrace_enable_res *res)
{
	return state_enable(st, blob, size, res, false);
}

int dtrace_state_enable_dry(struct dtrace_state *st, const void *blob,
			    size_t size, struct dtrace_enable_res *res)
{
	return state_enable(st, (void *)blob, size, res, true);
}

void dtrace_enablings_free(struct dtrace_state *st)
{
	while (st->enablings != NULL) {
		struct dtrace_enabling *en = st->enablings;

		st->enablings = en->next;
		enabling_free(en);
	}
	st->entail = NULL;
}

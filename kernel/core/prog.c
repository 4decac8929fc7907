// SPDX-License-Identifier: GPL-2.0
/*
 * Program container checks (prog.h). Runs on the kernel's private copy
 * of the blob before anything else looks at it: the header, every table
 * (8-aligned, inside the blob, after the header), every cross-table
 * index and every string offset (NUL-terminated inside STRTAB). After
 * dtrace_prog_check() succeeds, the rest of the ENABLE path may index
 * the view's tables without further bounds checks. DIF code itself is
 * the validator's business (dif_validate.c).
 */
#include "core/enable.h"
#include "core/util.h"
#include "dtrace/version.h"

int dtrace_enable_fail(struct dtrace_enable_res *res, int err, const char *what,
		       uint64_t n, const char *rest)
{
	struct dtrace_msg m;

	dtrace_msg_init(&m, res->msg, sizeof(res->msg));
	dtrace_msg_str(&m, what);
	if (rest != NULL) {
		dtrace_msg_u64(&m, n);
		dtrace_msg_str(&m, rest);
	}
	return err;
}

int dtrace_enable_limit(struct dtrace_enable_res *res, const char *what,
			uint64_t id, uint64_t n, const char *unit, uint64_t max)
{
	struct dtrace_msg m;

	dtrace_msg_init(&m, res->msg, sizeof(res->msg));
	dtrace_msg_str(&m, what);
	if (id != DTRACE_NONE)
		dtrace_msg_u64(&m, id);
	dtrace_msg_str(&m, ": ");
	dtrace_msg_u64(&m, n);
	dtrace_msg_str(&m, unit);
	dtrace_msg_str(&m, ", over the limit of ");
	dtrace_msg_u64(&m, max);
	return -E2BIG;
}

static int check_header(const struct dtrace_prog_hdr *h, size_t size,
			struct dtrace_enable_res *res)
{
	if (size < sizeof(*h))
		return dtrace_enable_fail(res, -EINVAL,
					  "program smaller than its header", 0,
					  NULL);
	if (h->dtph_magic != DTRACE_PROG_MAGIC)
		return dtrace_enable_fail(res, -EINVAL, "bad program magic", 0,
					  NULL);
	if (h->dtph_version != DTRACE_PROG_VERSION)
		return dtrace_enable_fail(res, -EINVAL,
					  "unsupported program version ",
					  h->dtph_version, "");
	if (h->dtph_hdrsize != sizeof(*h))
		return dtrace_enable_fail(res, -EINVAL, "bad header size ",
					  h->dtph_hdrsize, "");
	if (h->dtph_size != size)
		return dtrace_enable_fail(res, -EINVAL, "header size field is ",
					  h->dtph_size, ", not the blob size");
	if (h->dtph_flags & DTRACE_PROGF_HELPER)
		return dtrace_enable_fail(res, -EINVAL,
					  "helper programs are not enablings",
					  0, NULL);
	if ((h->dtph_flags & ~DTRACE_PROGF_ZDEFS) != 0)
		return dtrace_enable_fail(res, -EINVAL, "unknown header flags",
					  0, NULL);
	if (h->dtph_difvers != DTRACE_DIF_VERSION)
		return dtrace_enable_fail(res, -EINVAL,
					  "unsupported DIF version ",
					  h->dtph_difvers, "");
	if (h->dtph_nregs > DIF_DIR_NREGS || h->dtph_ntregs > DIF_DTR_NREGS)
		return dtrace_enable_fail(res, -EINVAL,
					  "program needs more DIF registers", 0,
					  NULL);
	if (h->dtph_pad[0] | h->dtph_pad[1] | h->dtph_pad[2] | h->dtph_pad[3] |
	    h->dtph_pad[4])
		return dtrace_enable_fail(
			res, -EINVAL, "header padding is not zero", 0, NULL);
	return 0;
}

static int check_tables(const struct dtrace_prog_hdr *h, size_t size,
			struct dtrace_enable_res *res)
{
	uint32_t t;

	for (t = 0; t < DTRACE_PT_NTABLES; t++) {
		const struct dtrace_prog_tab *tab = &h->dtph_tab[t];
		uint64_t end;

		if (tab->dtpt_count == 0)
			continue;
		end = tab->dtpt_off +
		      (uint64_t)tab->dtpt_count * dtrace_prog_entsize(t);
		if (tab->dtpt_off % 8 != 0)
			return dtrace_enable_fail(res, -EINVAL, "table ", t,
						  " is not 8-aligned");
		if (tab->dtpt_off < sizeof(*h) || end > size)
			return dtrace_enable_fail(res, -EINVAL, "table ", t,
						  " lies outside the program");
		if (t >= DTRACE_PT_PROVIDERS)
			return dtrace_enable_fail(res, -EINVAL, "table ", t,
						  " is only for helpers");
	}
	return 0;
}

#define TAB(pv, blob, t, type) \
	((const type *)((const char *)(blob) + (pv)->hdr->dtph_tab[t].dtpt_off))
#define CNT(pv, t) ((pv)->hdr->dtph_tab[t].dtpt_count)

static void make_view(const void *blob, struct dtrace_progview *pv)
{
	pv->hdr = blob;
	pv->strtab = TAB(pv, blob, DTRACE_PT_STRTAB, char);
	pv->probes = TAB(pv, blob, DTRACE_PT_PROBES, struct dtrace_prog_probe);
	pv->difos = TAB(pv, blob, DTRACE_PT_DIFOS, struct dtrace_prog_difo);
	pv->code = TAB(pv, blob, DTRACE_PT_CODE, dif_instr_t);
	pv->ints = TAB(pv, blob, DTRACE_PT_INTS, uint64_t);
	pv->vars = TAB(pv, blob, DTRACE_PT_VARS, struct dtrace_difv);
	pv->acts = TAB(pv, blob, DTRACE_PT_ACTIONS, struct dtrace_prog_action);
	pv->clauses = TAB(pv, blob, DTRACE_PT_CLAUSES,
			  struct dtrace_prog_clause);
	pv->opts = TAB(pv, blob, DTRACE_PT_OPTIONS, struct dtrace_prog_option);
	pv->strtab_len = CNT(pv, DTRACE_PT_STRTAB);
	pv->nprobes = CNT(pv, DTRACE_PT_PROBES);
	pv->ndifos = CNT(pv, DTRACE_PT_DIFOS);
	pv->ncode = CNT(pv, DTRACE_PT_CODE);
	pv->nints = CNT(pv, DTRACE_PT_INTS);
	pv->nvars = CNT(pv, DTRACE_PT_VARS);
	pv->nacts = CNT(pv, DTRACE_PT_ACTIONS);
	pv->nclauses = CNT(pv, DTRACE_PT_CLAUSES);
	pv->nopts = CNT(pv, DTRACE_PT_OPTIONS);
}

/* Is off a string in STRTAB shorter than max (with its NUL)? */
static bool str_ok(const struct dtrace_progview *pv, uint32_t off, size_t max)
{
	return dtrace_str_in(pv->strtab, pv->strtab_len, off, max);
}

static int check_probes(const struct dtrace_progview *pv,
			struct dtrace_enable_res *res)
{
	uint32_t i;

	if (pv->strtab_len > 0 && pv->strtab[pv->strtab_len - 1] != '\0')
		return dtrace_enable_fail(res, -EINVAL,
					  "string table does not end with NUL",
					  0, NULL);
	for (i = 0; i < pv->nprobes; i++) {
		const struct dtrace_prog_probe *p = &pv->probes[i];

		if (p->dtpp_pad != 0)
			return dtrace_enable_fail(res, -EINVAL, "probe ", i,
						  ": padding is not zero");
		if (!str_ok(pv, p->dtpp_provider, DTRACE_CORE_PROVNAMELEN) ||
		    !str_ok(pv, p->dtpp_mod, DTRACE_CORE_MODNAMELEN) ||
		    !str_ok(pv, p->dtpp_func, DTRACE_CORE_FUNCNAMELEN) ||
		    !str_ok(pv, p->dtpp_name, DTRACE_CORE_NAMELEN))
			return dtrace_enable_fail(res, -EINVAL, "probe ", i,
						  ": bad name offset");
	}
	return 0;
}

static bool slice_ok(uint32_t first, uint32_t n, uint32_t total)
{
	return (uint64_t)first + n <= total;
}

/*
 * Every DIFO has slices of its own, as dtrace writes them: the DIFOs'
 * code, integers, variables and strings together fit in the tables.
 * A forged container that points many DIFOs at one slice (validated,
 * costed and merged again for each) is refused, so ENABLE's work on
 * DIFOs is bounded by the size of the program. Clauses share a DIFO by
 * naming the same one.
 */
static int check_difo_sums(const struct dtrace_progview *pv,
			   struct dtrace_enable_res *res)
{
	uint64_t code = 0, ints = 0, vars = 0, strs = 0;
	uint32_t i;

	for (i = 0; i < pv->ndifos; i++) {
		code += pv->difos[i].dtpd_ncode;
		ints += pv->difos[i].dtpd_nints;
		vars += pv->difos[i].dtpd_nvars;
		strs += pv->difos[i].dtpd_strlen;
	}
	if (code > pv->ncode)
		return dtrace_enable_limit(res, "DIFOs' code (shared slices)",
					   DTRACE_NONE, code, " instructions",
					   pv->ncode);
	if (ints > pv->nints || vars > pv->nvars || strs > pv->strtab_len)
		return dtrace_enable_fail(res, -E2BIG,
					  "DIFOs share integer, variable or "
					  "string tables",
					  0, NULL);
	return 0;
}

/* What is wrong with d's slices of the shared tables, or NULL. */
static const char *difo_slices_bad(const struct dtrace_progview *pv,
				   const struct dtrace_prog_difo *d)
{
	if (!slice_ok(d->dtpd_code, d->dtpd_ncode, pv->ncode))
		return ": code outside CODE";
	if (!slice_ok(d->dtpd_ints, d->dtpd_nints, pv->nints) ||
	    d->dtpd_nints > DIF_MAX_INTTAB)
		return ": bad integer table";
	if (!slice_ok(d->dtpd_vars, d->dtpd_nvars, pv->nvars))
		return ": bad variable table";
	if (!slice_ok(d->dtpd_strtab, d->dtpd_strlen, pv->strtab_len) ||
	    d->dtpd_strlen > DIF_MAX_STRTAB)
		return ": bad string table";
	return NULL;
}

static int check_difos(const struct dtrace_progview *pv,
		       struct dtrace_enable_res *res)
{
	uint32_t i;

	if (pv->ndifos > DTRACE_MAX_DIFOS)
		return dtrace_enable_limit(res, "program", DTRACE_NONE,
					   pv->ndifos, " DIFOs",
					   DTRACE_MAX_DIFOS);
	for (i = 0; i < pv->ndifos; i++) {
		const char *bad = difo_slices_bad(pv, &pv->difos[i]);

		if (bad != NULL)
			return dtrace_enable_fail(res, -EINVAL, "DIFO ", i,
						  bad);
	}
	return check_difo_sums(pv, res);
}

static bool index_ok(uint32_t ndx, uint32_t n)
{
	return ndx == DTRACE_NONE || ndx < n;
}

static int check_actions(const struct dtrace_progview *pv,
			 struct dtrace_enable_res *res)
{
	uint32_t i;

	for (i = 0; i < pv->nacts; i++) {
		const struct dtrace_prog_action *a = &pv->acts[i];

		if (!dtrace_act_known(a->dtpa_kind) || a->dtpa_flags != 0)
			return dtrace_enable_fail(res, -EINVAL, "action ", i,
						  ": unknown kind or flags");
		if (!index_ok(a->dtpa_difo, pv->ndifos))
			return dtrace_enable_fail(res, -EINVAL, "action ", i,
						  ": DIFO index out of range");
		if (a->dtpa_format != DTRACE_NONE &&
		    !str_ok(pv, a->dtpa_format, DIF_MAX_STRTAB))
			return dtrace_enable_fail(res, -EINVAL, "action ", i,
						  ": bad format offset");
	}
	return 0;
}

static int check_clauses(const struct dtrace_progview *pv,
			 struct dtrace_enable_res *res)
{
	uint32_t i;

	for (i = 0; i < pv->nclauses; i++) {
		const struct dtrace_prog_clause *c = &pv->clauses[i];

		res->clause = i;
		if (c->dtpc_probe >= pv->nprobes)
			return dtrace_enable_fail(res, -EINVAL, "clause ", i,
						  ": probe index out of range");
		if (!index_ok(c->dtpc_pred, pv->ndifos))
			return dtrace_enable_fail(res, -EINVAL, "clause ", i,
						  ": predicate out of range");
		if (!slice_ok(c->dtpc_action, c->dtpc_naction, pv->nacts))
			return dtrace_enable_fail(res, -EINVAL, "clause ", i,
						  ": actions out of range");
		if (c->dtpc_naction > DTRACE_MAX_CLAUSE_ACTS)
			return dtrace_enable_limit(res, "clause ", i,
						   c->dtpc_naction, " actions",
						   DTRACE_MAX_CLAUSE_ACTS);
	}
	res->clause = DTRACE_NONE;
	return 0;
}

static int check_options(const struct dtrace_progview *pv,
			 struct dtrace_enable_res *res)
{
	uint32_t i;

	for (i = 0; i < pv->nopts; i++) {
		if (pv->opts[i].dtpo_option >= DTRACEOPT_MAX)
			return dtrace_enable_fail(res, -EINVAL, "option ",
						  pv->opts[i].dtpo_option,
						  " is unknown");
		if (pv->opts[i].dtpo_pad != 0)
			return dtrace_enable_fail(res, -EINVAL, "option ", i,
						  ": padding is not zero");
	}
	return 0;
}

int dtrace_prog_check(const void *blob, size_t size, struct dtrace_progview *pv,
		      struct dtrace_enable_res *res)
{
	int err;

	dtrace_memset(pv, 0, sizeof(*pv));
	err = check_header(blob, size, res);
	if (err == 0)
		err = check_tables(blob, size, res);
	if (err != 0)
		return err;
	make_view(blob, pv);
	err = check_probes(pv, res);
	if (err == 0)
		err = check_difos(pv, res);
	if (err == 0)
		err = check_actions(pv, res);
	if (err == 0)
		err = check_clauses(pv, res);
	if (err == 0)
		err = check_options(pv, res);
	return err;
}

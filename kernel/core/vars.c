// SPDX-License-Identifier: GPL-2.0
/*
 * User variables of a state. Every DIFO's vartab names the globals,
 * thread-locals and clause-locals it touches; ENABLE merges them into
 * the state's tables (indexed by id - DIF_VAR_OTHER_UBASE, one table per
 * scope), refusing an id whose kind or type disagrees with an earlier
 * declaration. Storage is laid out here and allocated at GO, never in
 * probe context: by-reference globals get an offset in the state's global
 * store (strings: strsize bytes), by-reference clause-locals one in the
 * per-CPU local area. Thread-locals are recorded for type checking only.
 */
#include "core/enable.h"
#include "core/util.h"

static void table_copy(struct dtrace_vars *dst, const struct dtrace_vars *src)
{
	dst->n = src->n;
	dst->v = src->v;
}

/* Makes vm's table (a copy-on-grow of the state's) hold index ndx. */
static int table_reserve(struct dtrace_vars *t, const struct dtrace_vars *old,
			 uint32_t ndx)
{
	struct dtrace_var *nv;
	uint32_t n;

	if (ndx < t->n)
		return 0;
	n = DTRACE_MAX(ndx + 1, t->n * 2);
	nv = dtrace_zalloc_array(n, sizeof(*nv));
	if (nv == NULL)
		return -ENOMEM;
	if (t->n > 0)
		dtrace_memcpy(nv, t->v, t->n * sizeof(*nv));
	if (t->v != old->v)
		dtrace_port_free(t->v);
	t->v = nv;
	t->n = n;
	return 0;
}

static bool same_type(const struct dtrace_var *e, const struct dtrace_difv *v)
{
	return e->kind == v->dtdv_kind &&
	       e->type.dtdt_kind == v->dtdv_type.dtdt_kind &&
	       e->type.dtdt_flags == v->dtdv_type.dtdt_flags &&
	       e->type.dtdt_size == v->dtdv_type.dtdt_size;
}

static int var_add(struct dtrace_varmerge *vm, struct dtrace_state *st,
		   const struct dtrace_difv *v, uint32_t strsize)
{
	uint32_t ndx = v->dtdv_id - DIF_VAR_OTHER_UBASE, align;
	struct dtrace_vars *t, *old;
	struct dtrace_var *e;
	int err;

	t = v->dtdv_scope == DIFV_SCOPE_GLOBAL ? &vm->g :
	    v->dtdv_scope == DIFV_SCOPE_THREAD ? &vm->t :
						 &vm->l;
	old = v->dtdv_scope == DIFV_SCOPE_GLOBAL ? &st->gvars :
	      v->dtdv_scope == DIFV_SCOPE_THREAD ? &st->tvars :
						   &st->lvars;
	err = table_reserve(t, old, ndx);
	if (err != 0)
		return err;
	e = &t->v[ndx];
	if (e->present)
		return same_type(e, v) ? 0 : -EINVAL;
	e->present = 1;
	e->fresh = 1;
	e->kind = v->dtdv_kind;
	e->type = v->dtdv_type;
	dtrace_value_layout(&v->dtdv_type, strsize, &e->vk, &e->size, &align);
	if (e->vk == DTRACE_VK_VALUE || e->kind != DIFV_KIND_SCALAR)
		return 0;
	if (v->dtdv_scope == DIFV_SCOPE_GLOBAL) {
		e->offset = (uint32_t)vm->gstore_size;
		vm->gstore_size += DTRACE_ALIGN((uint64_t)e->size, 8);
	} else if (v->dtdv_scope == DIFV_SCOPE_LOCAL) {
		e->offset = (uint32_t)vm->lstore_size;
		vm->lstore_size += DTRACE_ALIGN((uint64_t)e->size, 8);
	}
	if (vm->gstore_size > DTRACE_MAX_VARSTORE ||
	    vm->lstore_size > DTRACE_MAX_VARSTORE)
		return -E2BIG;
	return 0;
}

int dtrace_vars_merge(struct dtrace_state *st, const struct dtrace_progview *pv,
		      uint32_t strsize, struct dtrace_varmerge *vm,
		      struct dtrace_enable_res *res)
{
	uint32_t d, i;
	int err;

	table_copy(&vm->g, &st->gvars);
	table_copy(&vm->t, &st->tvars);
	table_copy(&vm->l, &st->lvars);
	vm->lstore_size = st->lstore_size;
	vm->gstore_size = st->gstore_size;
	for (d = 0; d < pv->ndifos; d++) {
		const struct dtrace_prog_difo *pd = &pv->difos[d];

		for (i = 0; i < pd->dtpd_nvars; i++) {
			const struct dtrace_difv *v =
				&pv->vars[pd->dtpd_vars + i];

			if (v->dtdv_id < DIF_VAR_OTHER_UBASE)
				continue;
			err = var_add(vm, st, v, strsize);
			if (err == 0)
				continue;
			dtrace_vars_abort(st, vm);
			if (err == -E2BIG)
				return dtrace_enable_limit(
					res, "variables", DTRACE_NONE,
					DTRACE_MAX(vm->gstore_size,
						   vm->lstore_size),
					" bytes by reference",
					DTRACE_MAX_VARSTORE);
			if (err != -EINVAL)
				return dtrace_enable_fail(
					res, err, "out of memory for variables",
					0, NULL);
			res->difo = d;
			res->pc = DTRACE_NONE;
			res->dvr = DIF_DVR_VARTAB;
			return dtrace_enable_fail(res, err, "variable entry ",
						  i,
						  ": kind or type differs from "
						  "an earlier declaration");
		}
	}
	return 0;
}

static void table_settle(struct dtrace_vars *t, struct dtrace_vars *old,
			 bool keep)
{
	uint32_t i;

	for (i = 0; i < t->n; i++) {
		struct dtrace_var *e = &t->v[i];

		if (!e->fresh)
			continue;
		if (keep)
			e->fresh = 0;
		else
			dtrace_memset(e, 0, sizeof(*e));
	}
	if (keep) {
		if (old->v != t->v)
			dtrace_port_free(old->v);
		*old = *t;
	} else if (t->v != old->v) {
		dtrace_port_free(t->v);
	}
	t->v = NULL;
	t->n = 0;
}

void dtrace_vars_commit(struct dtrace_state *st, struct dtrace_varmerge *vm)
{
	table_settle(&vm->g, &st->gvars, true);
	table_settle(&vm->t, &st->tvars, true);
	table_settle(&vm->l, &st->lvars, true);
	st->lstore_size = vm->lstore_size;
	st->gstore_size = vm->gstore_size;
}

void dtrace_vars_abort(struct dtrace_state *st, struct dtrace_varmerge *vm)
{
	table_settle(&vm->g, &st->gvars, false);
	table_settle(&vm->t, &st->tvars, false);
	table_settle(&vm->l, &st->lvars, false);
}

void dtrace_vars_free(struct dtrace_state *st)
{
	dtrace_port_free(st->gstore);
	st->gstore = NULL;
	dtrace_port_free(st->gvars.v);
	dtrace_port_free(st->tvars.v);
	dtrace_port_free(st->lvars.v);
	st->gvars.v = st->tvars.v = st->lvars.v = NULL;
	st->gvars.n = st->tvars.n = st->lvars.n = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF validator: every DIFO passes here once, at enable time, before
 * it can run. It proves what the interpreter relies on and never checks
 * again: known opcodes with their operand fields in range and unused
 * bits zero, no writes to %r0, forward-only branches inside the DIFO
 * (so every DIFO terminates), table indexes in range, variables that
 * exist in the scope the opcode names, known subroutines, and a final
 * RET. It must not look at anything outside the DIFO it is given.
 */
#include "core/difo.h"
#include "core/util.h"
#include "dtrace/limits.h"

#define DIF_FORM_INVALID 0xff

/* Form + 1 by opcode, so that 0 (unlisted) becomes DIF_FORM_INVALID. */
static const uint8_t dif_forms1[256] = {
#define DIF_OP(name, code, form, mnem) [code] = DIF_FORM_##form + 1,
#include "dtrace/dif_ops.def"
#undef DIF_OP
};

uint8_t dtrace_dif_form(uint8_t op)
{
	return (uint8_t)(dif_forms1[op] - 1);
}

bool dtrace_diftype_void(const struct dtrace_diftype *t)
{
	return t->dtdt_kind == DIF_TYPE_CTF && t->dtdt_flags == 0 &&
	       t->dtdt_size == 0 && t->dtdt_pad == 0;
}

/* doc/dif.md §5.4: by value 1/2/4/8; by reference; string (size 0). */
bool dtrace_diftype_valid(const struct dtrace_diftype *t)
{
	uint8_t ref = t->dtdt_flags;

	if (t->dtdt_pad != 0)
		return false;
	if (t->dtdt_kind == DIF_TYPE_CTF && ref == 0)
		return t->dtdt_size == 1 || t->dtdt_size == 2 ||
		       t->dtdt_size == 4 || t->dtdt_size == 8;
	if (ref != DIF_TF_BYREF && ref != (DIF_TF_BYREF | DIF_TF_BYUREF))
		return false;
	if (t->dtdt_kind == DIF_TYPE_STRING)
		return t->dtdt_size == 0;
	return t->dtdt_kind == DIF_TYPE_CTF && t->dtdt_size > 0 &&
	       t->dtdt_size <= DTRACE_BYREF_MAX;
}

struct vstate {
	const struct dtrace_difo *dp;
	bool destructive;
	struct dtrace_vres *res;
	uint32_t *keys; /* sorted vartab_key()s */
};

static int verdict(struct vstate *vs, uint32_t dvr, uint32_t pc)
{
	vs->res->dvr = dvr;
	vs->res->pc = pc;
	return dvr == DIF_DVR_PRIV ? -EPERM : -EINVAL;
}

static int vartab_bad(struct vstate *vs, uint32_t entry)
{
	vs->res->entry = entry;
	return verdict(vs, DIF_DVR_VARTAB, DTRACE_NONE);
}

/*
 * The vartab is sorted once by (scope, id), so that finding duplicates
 * and each instruction's variable costs a binary search, not a scan:
 * ENABLE stays near-linear in instructions times variables. A key is
 * scope (2 bits), id (16) and entry index (12: DIF_MAX_VARTAB).
 */
#define VK_IDX_BITS   12
#define VK(scope, id) ((uint32_t)(scope) << 16 | (uint32_t)(id))

/* The lowest entry that repeats an earlier entry's (scope, id). */
static uint32_t first_duplicate(const uint32_t *keys, uint32_t n)
{
	uint32_t i, first = DTRACE_NONE;

	for (i = 1; i < n; i++) {
		uint32_t e = keys[i] & ((1u << VK_IDX_BITS) - 1);

		if (keys[i] >> VK_IDX_BITS == keys[i - 1] >> VK_IDX_BITS &&
		    e < first)
			first = e;
	}
	return first;
}

static int check_vartab(struct vstate *vs)
{
	const struct dtrace_difo *dp = vs->dp;
	uint32_t i, dup;

	if (dp->nvars > DIF_MAX_VARTAB)
		return vartab_bad(vs, DIF_MAX_VARTAB);
	for (i = 0; i < dp->nvars; i++)
		vs->keys[i] = VK(DTRACE_MIN(dp->vars[i].dtdv_scope, 3),
				 dp->vars[i].dtdv_id)
				      << VK_IDX_BITS |
			      i;
	dtrace_sort_u32(vs->keys, dp->nvars);
	dup = first_duplicate(vs->keys, dp->nvars);
	for (i = 0; i < dp->nvars; i++) {
		const struct dtrace_difv *v = &dp->vars[i];

		if (v->dtdv_id < DIF_VAR_OTHER_UBASE ||
		    v->dtdv_name >= dp->strlen ||
		    v->dtdv_kind > DIFV_KIND_SCALAR ||
		    v->dtdv_scope > DIFV_SCOPE_LOCAL ||
		    (v->dtdv_flags & ~(uint32_t)(DIFV_F_REF | DIFV_F_MOD)) ||
		    (v->dtdv_scope == DIFV_SCOPE_LOCAL &&
		     v->dtdv_kind == DIFV_KIND_ARRAY) ||
		    !dtrace_diftype_valid(&v->dtdv_type) || i == dup)
			return vartab_bad(vs, i);
	}
	return 0;
}

/* Is user variable id listed with scope and kind, and flag (REF/MOD)? */
static bool var_listed(const struct vstate *vs, uint32_t id, uint8_t scope,
		       uint8_t kind, uint32_t flag)
{
	uint32_t lo = 0, hi = vs->dp->nvars, want = VK(scope, id);

	if (id < DIF_VAR_OTHER_UBASE)
		return false;
	while (lo < hi) { /* the first key >= want */
		uint32_t mid = lo + (hi - lo) / 2;

		dtrace_port_tally(DTRACE_STEP_VARTAB, 1);
		if (vs->keys[mid] >> VK_IDX_BITS < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < vs->dp->nvars && vs->keys[lo] >> VK_IDX_BITS == want) {
		const struct dtrace_difv *v =
			&vs->dp->vars[vs->keys[lo] & ((1u << VK_IDX_BITS) - 1)];

		return v->dtdv_kind == kind && (v->dtdv_flags & flag);
	}
	return false;
}

/*
 * The user-variable opcodes: each class's load (needs a REF entry) and
 * store (needs a MOD entry).
 */
static const struct var_class {
	uint8_t ld, st, scope, kind;
} var_classes[] = {
	{ DIF_OP_LDGS, DIF_OP_STGS, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR },
	{ DIF_OP_LDTS, DIF_OP_STTS, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR },
	{ DIF_OP_LDLS, DIF_OP_STLS, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR },
	{ DIF_OP_LDGAA, DIF_OP_STGAA, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY },
	{ DIF_OP_LDTAA, DIF_OP_STTAA, DIFV_SCOPE_THREAD, DIFV_KIND_ARRAY },
};

/* Is variable id valid for a variable-form opcode? */
static bool var_ok(const struct vstate *vs, uint8_t op, uint32_t id)
{
	size_t i;

	/* built-ins: LDGS of a scalar, LDGA of an array; no thread arrays */
	if (op == DIF_OP_LDGS && id < DIF_VAR_OTHER_UBASE)
		return id >= DIF_VAR_SCALAR_MIN &&
		       dtrace_dif_builtin_exists(id);
	if (op == DIF_OP_LDGA)
		return id <= DIF_VAR_ARRAY_MAX && dtrace_dif_builtin_exists(id);
	for (i = 0; i < DTRACE_ARRAY_SIZE(var_classes); i++) {
		const struct var_class *c = &var_classes[i];
		uint32_t flag = op == c->ld ? DIFV_F_REF : DIFV_F_MOD;

		if (op == c->ld || op == c->st)
			return var_listed(vs, id, c->scope, c->kind, flag);
	}
	return false; /* LDTA: there are no built-in thread arrays */
}

#define REG_OK(r) ((r) < DIF_DIR_NREGS)

/* Register fields of the register-only forms. */
static int check_regs(struct vstate *vs, uint32_t pc, uint8_t form,
		      dif_instr_t in)
{
	uint32_t r1 = DIF_INSTR_R1(in), r2 = DIF_INSTR_R2(in);
	uint32_t rd = DIF_INSTR_RD(in);
	bool writes = form == DIF_FORM_R1_R2_RD || form == DIF_FORM_R1_RD;

	switch (form) {
	case DIF_FORM_R1_R2:
	case DIF_FORM_R1_RD:
	case DIF_FORM_R1_RS_ADDR:
		if (form == DIF_FORM_R1_R2 ? rd != 0 : r2 != 0)
			return verdict(vs, DIF_DVR_BAD_FIELD, pc);
		break;
	case DIF_FORM_R1:
		if (r2 != 0 || rd != 0)
			return verdict(vs, DIF_DVR_BAD_FIELD, pc);
		break;
	case DIF_FORM_RD:
		if (r1 != 0 || r2 != 0)
			return verdict(vs, DIF_DVR_BAD_FIELD, pc);
		break;
	default:
		break;
	}
	if (!REG_OK(r1) || !REG_OK(r2) || !REG_OK(rd))
		return verdict(vs, DIF_DVR_BAD_REG, pc);
	if (writes && rd == 0)
		return verdict(vs, DIF_DVR_WRITE_R0, pc);
	return 0;
}

/* The forms with a 16-bit index and a register in bits 7..0. */
static int check_indexed(struct vstate *vs, uint32_t pc, uint8_t op,
			 uint8_t form, dif_instr_t in)
{
	const struct dtrace_difo *dp = vs->dp;
	uint32_t idx = DIF_INSTR_INDEX(in), r = DIF_INSTR_RD(in);

	if (!REG_OK(r))
		return verdict(vs, DIF_DVR_BAD_REG, pc);
	if (form != DIF_FORM_VAR_RS && r == 0)
		return verdict(vs, DIF_DVR_WRITE_R0, pc);
	switch (form) {
	case DIF_FORM_INT_RD:
		if (idx >= dp->nints)
			return verdict(vs, DIF_DVR_INTTAB_OOB, pc);
		break;
	case DIF_FORM_STR_RD:
		if (idx >= dp->strlen)
			return verdict(vs, DIF_DVR_STRTAB_OOB, pc);
		break;
	case DIF_FORM_SUBR_RD:
		if (!dtrace_dif_subr_exists(idx) ||
		    !dtrace_dif_subr_available(idx))
			return verdict(vs, DIF_DVR_BAD_SUBR, pc);
		if (dtrace_dif_subr_destructive(idx) && !vs->destructive)
			return verdict(vs, DIF_DVR_PRIV, pc);
		break;
	default: /* VAR_RD, VAR_RS */
		if (!var_ok(vs, op, idx))
			return verdict(vs, DIF_DVR_BAD_VAR, pc);
		break;
	}
	return 0;
}

static int check_instr(struct vstate *vs, uint32_t pc)
{
	dif_instr_t in = vs->dp->code[pc];
	uint8_t op = DIF_INSTR_OP(in), form = dtrace_dif_form(op);
	uint32_t label;

	switch (form) {
	case DIF_FORM_INVALID:
		return verdict(vs, DIF_DVR_BAD_OPCODE, pc);
	case DIF_FORM_NONE:
		if ((in & 0xffffffu) != 0)
			return verdict(vs, DIF_DVR_BAD_FIELD, pc);
		return 0;
	case DIF_FORM_LABEL:
		label = DIF_INSTR_LABEL(in);
		if (label <= pc)
			return verdict(vs, DIF_DVR_BACKWARD_BRANCH, pc);
		if (label >= vs->dp->ncode)
			return verdict(vs, DIF_DVR_BRANCH_OOB, pc);
		return 0;
	case DIF_FORM_INT_RD:
	case DIF_FORM_STR_RD:
	case DIF_FORM_VAR_RD:
	case DIF_FORM_VAR_RS:
	case DIF_FORM_SUBR_RD:
		return check_indexed(vs, pc, op, form, in);
	case DIF_FORM_ARRAY_RD:
		if (!REG_OK(DIF_INSTR_R2(in)) || !REG_OK(DIF_INSTR_RD(in)))
			return verdict(vs, DIF_DVR_BAD_REG, pc);
		if (DIF_INSTR_RD(in) == 0)
			return verdict(vs, DIF_DVR_WRITE_R0, pc);
		if (!var_ok(vs, op, DIF_INSTR_AVAR(in)))
			return verdict(vs, DIF_DVR_BAD_VAR, pc);
		return 0;
	case DIF_FORM_TUPLE:
		if (!REG_OK(DIF_INSTR_R2(in)) || !REG_OK(DIF_INSTR_RS(in)))
			return verdict(vs, DIF_DVR_BAD_REG, pc);
		if (DIF_INSTR_TYPE(in) != DIF_TYPE_CTF &&
		    (DIF_INSTR_TYPE(in) != DIF_TYPE_STRING ||
		     op == DIF_OP_PUSHTV))
			return verdict(vs, DIF_DVR_BAD_TUPLE_TYPE, pc);
		return 0;
	default:
		return check_regs(vs, pc, form, in);
	}
}

int dtrace_dif_validate(const struct dtrace_difo *dp, bool destructive,
			struct dtrace_vres *res)
{
	struct vstate vs = { .dp = dp, .destructive = destructive, .res = res };
	uint32_t keys[32], pc;
	int err;

	res->dvr = DIF_DVR_OK;
	res->pc = DTRACE_NONE;
	res->entry = DTRACE_NONE;
	if (dp->ncode == 0)
		return verdict(&vs, DIF_DVR_EMPTY, DTRACE_NONE);
	if (dp->ncode > DIF_MAX_INSTRS)
		return verdict(&vs, DIF_DVR_TOO_LONG, DTRACE_NONE);
	if (dp->strlen > 0 && dp->strtab[dp->strlen - 1] != '\0')
		return verdict(&vs, DIF_DVR_STRTAB_UNTERM, DTRACE_NONE);
	vs.keys = keys;
	if (dp->nvars > DTRACE_ARRAY_SIZE(keys) && dp->nvars <= DIF_MAX_VARTAB)
		vs.keys = dtrace_zalloc_array(dp->nvars, sizeof(*vs.keys));
	if (vs.keys == NULL)
		return -ENOMEM;
	err = check_vartab(&vs);
	/* void: a statement's DIFEXPR (enable.c allows it nowhere else) */
	if (err == 0 && !dtrace_diftype_valid(&dp->rtype) &&
	    !dtrace_diftype_void(&dp->rtype))
		err = verdict(&vs, DIF_DVR_BAD_RTYPE, DTRACE_NONE);
	for (pc = 0; err == 0 && pc < dp->ncode; pc++)
		err = check_instr(&vs, pc);
	if (err == 0 && DIF_INSTR_OP(dp->code[dp->ncode - 1]) != DIF_OP_RET)
		err = verdict(&vs, DIF_DVR_NO_RET, dp->ncode - 1);
	if (vs.keys != keys)
		dtrace_port_free(vs.keys);
	return err;
}

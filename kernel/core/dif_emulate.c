// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF interpreter. Runs one validated DIFO in probe context: a loop
 * over the code with one switch case per opcode (dif_ops.def gives the
 * semantics). It trusts the validator for everything static (opcodes,
 * register numbers, table indexes, variable ids, forward branches) and
 * checks only what depends on run-time values: memory through the
 * fault-tolerant loads, stores against scratch, divisors, tuple depth,
 * array indexes. A fault records code, address and pc in the mstate and
 * ends the DIFO. No allocation, no sleeping, no recursion.
 */
#include "core/state.h"
#include "core/util.h"
#include "core/dynvar.h"

#define INT64_MIN_	((int64_t)((uint64_t)1 << 63))

struct cc {
	uint8_t n, z, v, c;
};

static bool branch_taken(uint8_t op, const struct cc *cc)
{
	switch (op) {
	case DIF_OP_BA:		return true;
	case DIF_OP_BE:		return cc->z;
	case DIF_OP_BNE:	return !cc->z;
	case DIF_OP_BG:		return !(cc->z | (cc->n ^ cc->v));
	case DIF_OP_BGU:	return !(cc->c | cc->z);
	case DIF_OP_BGE:	return !(cc->n ^ cc->v);
	case DIF_OP_BGEU:	return !cc->c;
	case DIF_OP_BL:		return cc->n ^ cc->v;
	case DIF_OP_BLU:	return cc->c;
	case DIF_OP_BLE:	return cc->z | (cc->n ^ cc->v);
	case DIF_OP_BLEU:	return cc->c | cc->z;
	default:		return false;
	}
}

static void cmp(struct cc *cc, uint64_t a, uint64_t b)
{
	uint64_t r = a - b;

	cc->z = a == b;
	cc->n = (int64_t)r < 0;
	cc->v = (((a ^ b) & (a ^ r)) >> 63) & 1;
	cc->c = a < b;
}

static uint64_t alu(struct dtrace_mstate *ms, uint8_t op, uint64_t a,
		    uint64_t b)
{
	if ((op >= DIF_OP_SDIV && op <= DIF_OP_UREM) && b == 0) {
		dtrace_fault(ms, DTRACEFLT_DIVZERO, 0);
		return 0;
	}
	switch (op) {
	case DIF_OP_ADD:	return a + b;
	case DIF_OP_SUB:	return a - b;
	case DIF_OP_MUL:	return a * b;
	case DIF_OP_SDIV:
		if ((int64_t)a == INT64_MIN_ && (int64_t)b == -1)
			return a;	/* wraps, as two's complement would */
		return (uint64_t)((int64_t)a / (int64_t)b);
	case DIF_OP_UDIV:	return a / b;
	case DIF_OP_SREM:
		if ((int64_t)b == -1)
			return 0;
		return (uint64_t)((int64_t)a % (int64_t)b);
	case DIF_OP_UREM:	return a % b;
	case DIF_OP_AND:	return a & b;
	case DIF_OP_OR:		return a | b;
	case DIF_OP_XOR:	return a ^ b;
	case DIF_OP_SLL:	return a << (b & 63);
	case DIF_OP_SRL:	return a >> (b & 63);
	default:		return (uint64_t)((int64_t)a >> (b & 63));
	}
}

/* LD* and ULD*: size and signedness from the opcode. */
static uint64_t load(struct dtrace_mstate *ms, uint8_t op, uint64_t addr)
{
	bool user = op >= DIF_OP_ULDSB;
	uint8_t o = user ? op - DIF_OP_ULDSB + DIF_OP_LDSB : op;
	union { int8_t sb; int16_t sh; int32_t sw; uint8_t ub; uint16_t uh;
		uint32_t uw; uint64_t x; } v;
	static const uint8_t sizes[] = { 1, 2, 4, 1, 2, 4, 8 };

	v.x = 0;
	if (dtrace_dif_load(ms, &v, addr, sizes[o - DIF_OP_LDSB], user) != 0)
		return 0;
	switch (o) {
	case DIF_OP_LDSB:	return (uint64_t)(int64_t)v.sb;
	case DIF_OP_LDSH:	return (uint64_t)(int64_t)v.sh;
	case DIF_OP_LDSW:	return (uint64_t)(int64_t)v.sw;
	case DIF_OP_LDUB:	return v.ub;
	case DIF_OP_LDUH:	return v.uh;
	case DIF_OP_LDUW:	return v.uw;
	default:		return v.x;
	}
}

static struct dtrace_var *var(struct dtrace_mstate *ms,
			      const struct dtrace_vars *t, uint32_t id)
{
	uint32_t ndx = id - DIF_VAR_OTHER_UBASE;

	if (id < DIF_VAR_OTHER_UBASE || ndx >= t->n || !t->v[ndx].present) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, id);
		return NULL;
	}
	return &t->v[ndx];
}

static uint64_t ldgs(struct dtrace_mstate *ms, uint32_t id)
{
	struct dtrace_var *v;

	if (id < DIF_VAR_OTHER_UBASE)
		return dtrace_dif_builtin(ms, id);
	v = var(ms, &ms->state->gvars, id);
	if (v == NULL)
		return 0;
	return v->vk == DTRACE_VK_VALUE ? v->value :
	       (uintptr_t)(ms->state->gstore + v->offset);
}

static void stgs(struct dtrace_mstate *ms, uint32_t id, uint64_t val)
{
	struct dtrace_var *v = var(ms, &ms->state->gvars, id);

	if (v == NULL)
		return;
	if (v->vk == DTRACE_VK_VALUE)
		v->value = val;
	else
		dtrace_dif_copyval(ms, v->vk, ms->state->gstore + v->offset,
				   val, v->size);
}

static uint64_t ldls(struct dtrace_mstate *ms, uint32_t id)
{
	struct dtrace_var *v = var(ms, &ms->state->lvars, id);

	if (v == NULL)
		return 0;
	if (v->vk != DTRACE_VK_VALUE)
		return (uintptr_t)(ms->scpu->lstore + v->offset);
	return ms->scpu->lvals[id - DIF_VAR_OTHER_UBASE];
}

static void stls(struct dtrace_mstate *ms, uint32_t id, uint64_t val)
{
	struct dtrace_var *v = var(ms, &ms->state->lvars, id);

	if (v == NULL)
		return;
	if (v->vk != DTRACE_VK_VALUE)
		dtrace_dif_copyval(ms, v->vk, ms->scpu->lstore + v->offset,
				   val, v->size);
	else
		ms->scpu->lvals[id - DIF_VAR_OTHER_UBASE] = val;
}

/* Scratch of this clause, or the state's variable storage. */
static bool storable(const struct dtrace_mstate *ms, uint64_t addr,
		     uint64_t n)
{
	const struct dtrace_state *st = ms->state;
	uintptr_t g = (uintptr_t)st->gstore, l = (uintptr_t)ms->scpu->lstore;

	if (dtrace_dif_in_scratch(ms, addr, n) ||
	    dtrace_dyn_storable(st, addr, n))
		return true;
	if (addr >= g && addr - g <= st->gstore_size &&
	    n <= st->gstore_size - (addr - g))
		return true;
	return addr >= l && addr - l <= st->lstore_size &&
	       n <= st->lstore_size - (addr - l);
}

/* ST*: only into scratch or variable storage (dif.md §3.5). */
static void store(struct dtrace_mstate *ms, uint8_t op, uint64_t addr,
		  uint64_t val)
{
	uint32_t n = 1u << (op - DIF_OP_STB);
	union { uint8_t b; uint16_t h; uint32_t w; uint64_t x; } v;

	if (!storable(ms, addr, n)) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, addr);
		return;
	}
	switch (n) {
	case 1: v.b = (uint8_t)val; break;
	case 2: v.h = (uint16_t)val; break;
	case 4: v.w = (uint32_t)val; break;
	default: v.x = val; break;
	}
	dtrace_memcpy((void *)(uintptr_t)addr, &v, n);
}

static void copys(struct dtrace_mstate *ms, uint64_t dst, uint64_t src,
		  uint64_t n)
{
	if (!storable(ms, dst, n)) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, dst);
		return;
	}
	dtrace_dif_load(ms, (void *)(uintptr_t)dst, src, n, false);
}

/* self->x (no key) and associative arrays (the tuple stack as key). */
static uint64_t dynload(struct dtrace_mstate *ms, uint8_t op, uint32_t id,
			const struct dtrace_tuple *tup, uint32_t ntup)
{
	bool thread = op != DIF_OP_LDGAA;
	struct dtrace_var *v = var(ms, thread ? &ms->state->tvars :
					       &ms->state->gvars, id);

	if (v == NULL)
		return 0;
	return dtrace_dyn_load(ms, v, thread ? DIFV_SCOPE_THREAD :
				      DIFV_SCOPE_GLOBAL, id, tup,
			       op == DIF_OP_LDTS ? 0 : ntup);
}

static void dynstore(struct dtrace_mstate *ms, uint8_t op, uint32_t id,
		     const struct dtrace_tuple *tup, uint32_t ntup,
		     uint64_t val)
{
	bool thread = op != DIF_OP_STGAA;
	struct dtrace_var *v = var(ms, thread ? &ms->state->tvars :
					       &ms->state->gvars, id);

	if (v == NULL)
		return;
	dtrace_dyn_store(ms, v, thread ? DIFV_SCOPE_THREAD :
			 DIFV_SCOPE_GLOBAL, id, tup,
			 op == DIF_OP_STTS ? 0 : ntup, val);
}

static void push(struct dtrace_mstate *ms, struct dtrace_tuple *tup,
		 uint32_t *ntup, dif_instr_t in, const uint64_t *regs)
{
	struct dtrace_tuple *t;

	if (*ntup >= DIF_DTR_NREGS) {
		dtrace_fault(ms, DTRACEFLT_TUPOFLOW, 0);
		return;
	}
	t = &tup[(*ntup)++];
	t->val = regs[DIF_INSTR_RS(in)];
	t->type = DIF_INSTR_TYPE(in);
	t->byref = DIF_INSTR_OP(in) == DIF_OP_PUSHTR;
	t->size = t->byref ? regs[DIF_INSTR_R2(in)] : 8;
}

uint64_t dtrace_dif_emulate(const struct dtrace_difo *dp,
			    struct dtrace_mstate *ms)
{
	uint64_t regs[DIF_DIR_NREGS] = { 0 };
	struct dtrace_tuple tup[DIF_DTR_NREGS];
	struct cc cc = { 0, 0, 0, 0 };
	uint32_t pc = 0, cur = 0, ntup = 0;
	uint64_t rval = 0;

	while (pc < dp->ncode && ms->fault == DTRACEFLT_NONE) {
		dif_instr_t in = dp->code[pc];
		uint8_t op = DIF_INSTR_OP(in);
		uint32_t r1 = DIF_INSTR_R1(in), r2 = DIF_INSTR_R2(in);
		uint32_t rd = DIF_INSTR_RD(in), idx = DIF_INSTR_INDEX(in);

		cur = pc++;
		switch (op) {
		case DIF_OP_ADD ... DIF_OP_SRA:
			regs[rd] = alu(ms, op, regs[r1], regs[r2]);
			break;
		case DIF_OP_NOT:
			regs[rd] = ~regs[r1];
			break;
		case DIF_OP_MOV:
			regs[rd] = regs[r1];
			break;
		case DIF_OP_CMP:
			cmp(&cc, regs[r1], regs[r2]);
			break;
		case DIF_OP_SCMP: {
			int r = dtrace_dif_strcmp(ms, regs[r1], regs[r2],
						  ms->strsize);

			cc.z = r == 0;
			cc.n = cc.c = r < 0;
			cc.v = 0;
			break;
		}
		case DIF_OP_TST:
			cc.z = regs[r1] == 0;
			cc.n = (int64_t)regs[r1] < 0;
			cc.v = cc.c = 0;
			break;
		case DIF_OP_BA ... DIF_OP_BLEU:
			if (branch_taken(op, &cc))
				pc = DIF_INSTR_LABEL(in);
			break;
		case DIF_OP_LDSB ... DIF_OP_LDX:
		case DIF_OP_ULDSB ... DIF_OP_ULDX:
			regs[rd] = load(ms, op, regs[r1]);
			break;
		case DIF_OP_STB ... DIF_OP_STX:
			store(ms, op, regs[rd], regs[r1]);
			break;
		case DIF_OP_SETX:
			regs[rd] = dp->ints[idx];
			break;
		case DIF_OP_SETS:
			regs[rd] = (uintptr_t)(dp->strtab + idx);
			break;
		case DIF_OP_LDGS:
			regs[rd] = ldgs(ms, idx);
			break;
		case DIF_OP_STGS:
			stgs(ms, idx, regs[rd]);
			break;
		case DIF_OP_LDLS:
			regs[rd] = ldls(ms, idx);
			break;
		case DIF_OP_STLS:
			stls(ms, idx, regs[rd]);
			break;
		case DIF_OP_LDTS:
		case DIF_OP_LDGAA:
		case DIF_OP_LDTAA:
			regs[rd] = dynload(ms, op, idx, tup, ntup);
			break;
		case DIF_OP_STTS:
		case DIF_OP_STGAA:
		case DIF_OP_STTAA:
			dynstore(ms, op, idx, tup, ntup, regs[rd]);
			break;
		case DIF_OP_LDGA:
			regs[rd] = dtrace_dif_builtin_array(ms,
					DIF_INSTR_AVAR(in), regs[r2]);
			break;
		case DIF_OP_PUSHTR:
		case DIF_OP_PUSHTV:
			push(ms, tup, &ntup, in, regs);
			break;
		case DIF_OP_POPTS:
			if (ntup > 0)
				ntup--;
			break;
		case DIF_OP_FLUSHTS:
			ntup = 0;
			break;
		case DIF_OP_CALL:
			regs[rd] = dtrace_dif_subr(ms, idx, tup, ntup);
			ntup = 0;
			break;
		case DIF_OP_ALLOCS:
			regs[rd] = dtrace_dif_scratch(ms, regs[r1]);
			break;
		case DIF_OP_COPYS:
			copys(ms, regs[rd], regs[r1], regs[r2]);
			break;
		case DIF_OP_RET:
			rval = regs[rd];
			pc = dp->ncode;
			break;
		case DIF_OP_NOP:
			break;
		default:
			/* LDTA: no thread-local built-in arrays exist. */
			dtrace_fault(ms, DTRACEFLT_ILLOP, op);
			break;
		}
	}
	if (ms->fault != DTRACEFLT_NONE) {
		ms->fault_pc = cur;
		return 0;
	}
	return rval;
}

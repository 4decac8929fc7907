// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF interpreter. Runs one validated DIFO in probe context with
 * threaded dispatch: a jump table generated from dif_ops.def sends each
 * opcode to its handler label op_NAME (an opcode without one does not
 * compile), and every handler jumps straight to the next instruction's
 * (dif_ops.def gives the semantics). It trusts the validator for
 * everything static (opcodes, register numbers, table indexes, variable
 * ids, forward branches) and
 * checks only what depends on run-time values: memory through the
 * fault-tolerant loads, stores against scratch, divisors, tuple depth,
 * array indexes. A fault records code, address and pc in the mstate and
 * ends the DIFO. No allocation, no sleeping, no recursion.
 */
#include "core/state.h"
#include "core/util.h"
#include "core/dynvar.h"

#define INT64_MIN_ ((int64_t)((uint64_t)1 << 63))

/*
 * Condition codes as the two compared values: CMP keeps its operands, TST
 * compares with 0, SCMP maps the string order onto 0/1/2 against 1, so
 * every branch is one signed or unsigned comparison of the pair.
 */
struct cc {
	uint64_t a, b;
};

/* The dividing ALU ops: a zero divisor faults. */
static uint64_t divide(struct dtrace_mstate *ms, uint8_t op, uint64_t a,
		       uint64_t b)
{
	if (b == 0) {
		dtrace_fault(ms, DTRACEFLT_DIVZERO, 0);
		return 0;
	}
	switch (op) {
	case DIF_OP_SDIV:
		if ((int64_t)a == INT64_MIN_ && (int64_t)b == -1)
			return a; /* wraps, as two's complement would */
		return (uint64_t)((int64_t)a / (int64_t)b);
	case DIF_OP_UDIV:
		return a / b;
	case DIF_OP_SREM:
		if ((int64_t)b == -1)
			return 0;
		return (uint64_t)((int64_t)a % (int64_t)b);
	default:
		return a % b;
	}
}

/* LD* and ULD*: size and signedness from the opcode. */
static uint64_t load(struct dtrace_mstate *ms, uint8_t op, uint64_t addr)
{
	bool user = op >= DIF_OP_ULDSB;
	uint8_t o = user ? op - DIF_OP_ULDSB + DIF_OP_LDSB : op;
	union {
		int8_t sb;
		int16_t sh;
		int32_t sw;
		uint8_t ub;
		uint16_t uh;
		uint32_t uw;
		uint64_t x;
	} v;
	static const uint8_t sizes[] = { 1, 2, 4, 1, 2, 4, 8 };

	v.x = 0;
	if (dtrace_dif_load(ms, &v, addr, sizes[o - DIF_OP_LDSB], user) != 0)
		return 0;
	switch (o) {
	case DIF_OP_LDSB:
		return (uint64_t)(int64_t)v.sb;
	case DIF_OP_LDSH:
		return (uint64_t)(int64_t)v.sh;
	case DIF_OP_LDSW:
		return (uint64_t)(int64_t)v.sw;
	case DIF_OP_LDUB:
		return v.ub;
	case DIF_OP_LDUH:
		return v.uh;
	case DIF_OP_LDUW:
		return v.uw;
	default:
		return v.x;
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

/*
 * NULL in a string variable (global or clause-local), as DTrace keeps
 * it: strtok()'s NULL stored in this->tok is no fault, and the variable
 * reads back as NULL. Its storage holds "" with 0xff after the NUL, which
 * no stored string has (a copy zeroes the rest of its NUL's word).
 */
static bool is_str(const struct dtrace_var *v)
{
	return (v->vk == DTRACE_VK_STRING || v->vk == DTRACE_VK_USTRING) &&
	       v->size >= 2;
}

static void store_ref(struct dtrace_mstate *ms, const struct dtrace_var *v,
		      uint8_t *dst, uint64_t val)
{
	if (is_str(v) && val == 0) {
		dtrace_memset(dst, 0, DTRACE_MIN(v->size, (uint32_t)8));
		dst[1] = 0xff;
		return;
	}
	dtrace_dif_copyval(ms, v->vk, dst, val, v->size);
}

/* The address of a by-reference variable's value, 0 for a NULL string. */
static uint64_t load_ref(const struct dtrace_var *v, const uint8_t *src)
{
	return is_str(v) && src[0] == 0 && src[1] == 0xff ? 0 : (uintptr_t)src;
}

static uint64_t ldgs(struct dtrace_mstate *ms, uint32_t id)
{
	struct dtrace_var *v;
	uint64_t val;

	if (dtrace_dif_builtin_hot(ms, id, &val))
		return val;
	if (id < DIF_VAR_OTHER_UBASE)
		return dtrace_dif_builtin(ms, id);
	v = var(ms, &ms->state->gvars, id);
	if (v == NULL)
		return 0;
	return v->vk == DTRACE_VK_VALUE ?
		       v->value :
		       load_ref(v, ms->state->gstore + v->offset);
}

static void stgs(struct dtrace_mstate *ms, uint32_t id, uint64_t val)
{
	struct dtrace_var *v = var(ms, &ms->state->gvars, id);

	if (v == NULL)
		return;
	if (v->vk == DTRACE_VK_VALUE)
		v->value = val;
	else
		store_ref(ms, v, ms->state->gstore + v->offset, val);
}

static uint64_t ldls(struct dtrace_mstate *ms, uint32_t id)
{
	struct dtrace_var *v = var(ms, &ms->state->lvars, id);

	if (v == NULL)
		return 0;
	if (v->vk != DTRACE_VK_VALUE)
		return load_ref(v, ms->scpu->lstore + v->offset);
	return ms->scpu->lvals[id - DIF_VAR_OTHER_UBASE];
}

static void stls(struct dtrace_mstate *ms, uint32_t id, uint64_t val)
{
	struct dtrace_var *v = var(ms, &ms->state->lvars, id);

	if (v == NULL)
		return;
	if (v->vk != DTRACE_VK_VALUE)
		store_ref(ms, v, ms->scpu->lstore + v->offset, val);
	else
		ms->scpu->lvals[id - DIF_VAR_OTHER_UBASE] = val;
}

/* Scratch of this clause, or the state's variable storage. */
static bool storable(const struct dtrace_mstate *ms, uint64_t addr, uint64_t n)
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

/*
 * ST*: only into scratch or variable storage (dif.md §3.5); any other
 * address faults as DTrace's do, an invalid address.
 */
static void store(struct dtrace_mstate *ms, uint8_t op, uint64_t addr,
		  uint64_t val)
{
	uint32_t n = 1u << (op - DIF_OP_STB);

	if (!storable(ms, addr, n)) {
		dtrace_fault(ms, DTRACEFLT_BADADDR, addr);
		return;
	}
	dtrace_int_put((void *)(uintptr_t)addr, val, n);
}

static void copys(struct dtrace_mstate *ms, uint64_t dst, uint64_t src,
		  uint64_t n)
{
	if (!storable(ms, dst, n)) {
		dtrace_fault(ms, DTRACEFLT_BADADDR, dst);
		return;
	}
	dtrace_dif_load(ms, (void *)(uintptr_t)dst, src, n, false);
}

/* self->x (no key) and associative arrays (the tuple stack as key). */
static uint64_t dynload(struct dtrace_mstate *ms, uint8_t op, uint32_t id,
			const struct dtrace_tuple *tup, uint32_t ntup)
{
	bool thread = op != DIF_OP_LDGAA;
	struct dtrace_var *v = var(
		ms, thread ? &ms->state->tvars : &ms->state->gvars, id);

	if (v == NULL)
		return 0;
	return dtrace_dyn_load(ms, v,
			       thread ? DIFV_SCOPE_THREAD : DIFV_SCOPE_GLOBAL,
			       id, tup, op == DIF_OP_LDTS ? 0 : ntup);
}

static void dynstore(struct dtrace_mstate *ms, uint8_t op, uint32_t id,
		     const struct dtrace_tuple *tup, uint32_t ntup,
		     uint64_t val)
{
	bool thread = op != DIF_OP_STGAA;
	struct dtrace_var *v = var(
		ms, thread ? &ms->state->tvars : &ms->state->gvars, id);

	if (v == NULL)
		return;
	dtrace_dyn_store(ms, v, thread ? DIFV_SCOPE_THREAD : DIFV_SCOPE_GLOBAL,
			 id, tup, op == DIF_OP_STTS ? 0 : ntup, val);
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

#define R1  regs[DIF_INSTR_R1(in)]
#define R2  regs[DIF_INSTR_R2(in)]
#define RD  regs[DIF_INSTR_RD(in)]
#define IDX DIF_INSTR_INDEX(in)
#define OP  ((uint8_t)DIF_INSTR_OP(in))
/* Threaded dispatch: each handler jumps straight to the next one. */
#define NEXT                                \
	do {                                \
		in = code[pc++];            \
		goto *jt[DIF_INSTR_OP(in)]; \
	} while (0)
/* After an instruction that may fault. */
#define CHECK                                    \
	do {                                     \
		if (ms->fault != DTRACEFLT_NONE) \
			goto fault;              \
		NEXT;                            \
	} while (0)
#define JUMP_IF(c)                                \
	do {                                      \
		if (c)                            \
			pc = DIF_INSTR_LABEL(in); \
		NEXT;                             \
	} while (0)

/*
 * The jump table is dif_ops.def's: opcode NAME goes to the label op_NAME,
 * so an opcode without a handler does not compile. Opcodes that share a
 * handler go to the label of their group's first one.
 */
#define op_UDIV	  op_SDIV
#define op_SREM	  op_SDIV
#define op_UREM	  op_SDIV
#define op_LDSH	  op_LDSB
#define op_LDSW	  op_LDSB
#define op_LDUB	  op_LDSB
#define op_LDUH	  op_LDSB
#define op_LDUW	  op_LDSB
#define op_LDX	  op_LDSB
#define op_ULDSB  op_LDSB
#define op_ULDSH  op_LDSB
#define op_ULDSW  op_LDSB
#define op_ULDUB  op_LDSB
#define op_ULDUH  op_LDSB
#define op_ULDUW  op_LDSB
#define op_ULDX	  op_LDSB
#define op_STH	  op_STB
#define op_STW	  op_STB
#define op_STX	  op_STB
#define op_LDGAA  op_LDTS
#define op_LDTAA  op_LDTS
#define op_STGAA  op_STTS
#define op_STTAA  op_STTS
#define op_PUSHTV op_PUSHTR
#define op_LDTA	  bad /* no thread-local built-in arrays exist */

/*
 * The validator guarantees what lets this loop skip run-time checks: the
 * last instruction is RET and every branch goes forward inside the code,
 * so pc never leaves it; register numbers are below DIF_DIR_NREGS; table
 * indexes are in range; opcodes are known (others land on `bad`).
 */
static __attribute__((__noinline__)) DTRACE_NO_GCSE uint64_t
run(const struct dtrace_difo *dp, struct dtrace_mstate *ms)
{
	/* Every opcode starts at `bad`; dif_ops.def's override it. */
#pragma GCC diagnostic push
#ifdef __clang__
#pragma GCC diagnostic ignored "-Winitializer-overrides"
#else
#pragma GCC diagnostic ignored "-Woverride-init"
#endif
	static const void *const jt[256] DTRACE_JUMP_TABLE = {
		[0 ... 255] = &&bad,
#define DIF_OP(name, code, form, mnem) [code] = &&op_##name,
#include "dtrace/dif_ops.def"
#undef DIF_OP
	};
#pragma GCC diagnostic pop
	const dif_instr_t *code = dp->code;
	uint64_t regs[DIF_DIR_NREGS];
	struct dtrace_tuple tup[DIF_DTR_NREGS];
	struct cc cc = { 0, 0 };
	uint32_t pc = 0, ntup = 0, clear = (uint16_t)~dp->defregs;
	dif_instr_t in;

	/* Registers start at 0; those written before any read need not. */
	if (clear == 0xffffu) {
		dtrace_memset(regs, 0, sizeof(regs));
	} else {
		regs[0] = 0;
		for (clear &= ~1u; clear != 0; clear &= clear - 1)
			regs[__builtin_ctz(clear)] = 0;
	}
	NEXT;
op_ADD:
	RD = R1 + R2;
	NEXT;
op_SUB:
	RD = R1 - R2;
	NEXT;
op_MUL:
	RD = R1 * R2;
	NEXT;
op_AND:
	RD = R1 & R2;
	NEXT;
op_OR:
	RD = R1 | R2;
	NEXT;
op_XOR:
	RD = R1 ^ R2;
	NEXT;
op_SLL:
	RD = R1 << (R2 & 63);
	NEXT;
op_SRL:
	RD = R1 >> (R2 & 63);
	NEXT;
op_SRA:
	RD = (uint64_t)((int64_t)R1 >> (R2 & 63));
	NEXT;
op_SDIV:
	RD = divide(ms, OP, R1, R2);
	CHECK;
op_NOT:
	RD = ~R1;
	NEXT;
op_MOV:
	RD = R1;
	NEXT;
op_CMP:
	cc.a = R1;
	cc.b = R2;
	NEXT;
op_TST:
	cc.a = R1;
	cc.b = 0;
	NEXT;
op_SCMP : {
	int r = dtrace_dif_strcmp(ms, R1, R2, ms->strsize);

	cc.a = (uint64_t)((r > 0) - (r < 0) + 1);
	cc.b = 1;
	CHECK;
}
op_BA:
	pc = DIF_INSTR_LABEL(in);
	NEXT;
op_BE:
	JUMP_IF(cc.a == cc.b);
op_BNE:
	JUMP_IF(cc.a != cc.b);
op_BG:
	JUMP_IF((int64_t)cc.a > (int64_t)cc.b);
op_BGU:
	JUMP_IF(cc.a > cc.b);
op_BGE:
	JUMP_IF((int64_t)cc.a >= (int64_t)cc.b);
op_BGEU:
	JUMP_IF(cc.a >= cc.b);
op_BL:
	JUMP_IF((int64_t)cc.a < (int64_t)cc.b);
op_BLU:
	JUMP_IF(cc.a < cc.b);
op_BLE:
	JUMP_IF((int64_t)cc.a <= (int64_t)cc.b);
op_BLEU:
	JUMP_IF(cc.a <= cc.b);
op_LDSB:
	RD = load(ms, OP, R1);
	CHECK;
op_STB:
	store(ms, OP, RD, R1);
	CHECK;
op_SETX:
	RD = dp->ints[IDX];
	NEXT;
op_SETS:
	RD = (uintptr_t)(dp->strtab + IDX);
	NEXT;
op_LDGS:
	RD = ldgs(ms, IDX);
	CHECK;
op_STGS:
	stgs(ms, IDX, RD);
	CHECK;
op_LDLS:
	RD = ldls(ms, IDX);
	CHECK;
op_STLS:
	stls(ms, IDX, RD);
	CHECK;
op_LDTS:
	RD = dynload(ms, OP, IDX, tup, ntup);
	CHECK;
op_STTS:
	dynstore(ms, OP, IDX, tup, ntup, RD);
	CHECK;
op_LDGA:
	RD = dtrace_dif_builtin_array(ms, DIF_INSTR_AVAR(in), R2);
	CHECK;
op_PUSHTR:
	push(ms, tup, &ntup, in, regs);
	CHECK;
op_POPTS:
	if (ntup > 0)
		ntup--;
	NEXT;
op_FLUSHTS:
	ntup = 0;
	NEXT;
op_CALL:
	RD = dtrace_dif_subr(ms, IDX, tup, ntup);
	ntup = 0;
	CHECK;
op_ALLOCS:
	RD = dtrace_dif_scratch(ms, R1);
	CHECK;
op_COPYS:
	copys(ms, RD, R1, R2);
	CHECK;
op_NOP:
	NEXT;
op_RET:
	return RD;
bad:
	dtrace_fault(ms, DTRACEFLT_ILLOP, OP);
fault:
	ms->fault_pc = pc - 1;
	return 0;
}

uint64_t dtrace_dif_emulate(const struct dtrace_difo *dp,
			    struct dtrace_mstate *ms)
{
	uint64_t v;

	if (ms->fault != DTRACEFLT_NONE)
		return 0;
	if (dp->ldgs_only == 0)
		return run(dp, ms);
	v = ldgs(ms, dp->ldgs_only); /* LDGS; RET: dif_regs.c */
	return ms->fault == DTRACEFLT_NONE ? v : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Which registers a DIFO always writes before it reads them, so the
 * interpreter need not clear them for every run (DIF registers start at
 * 0, and a stale stack value must never be observable). Runs once per
 * DIFO at enable time, after the validator. DIF branches only forward,
 * so one pass in program order sees every predecessor of an instruction
 * before the instruction: in[pc] is the intersection of what is written
 * on each path into pc. Reads are over-approximated (every register
 * field the form has), writes under-approximated, so a mistake can only
 * clear more than needed.
 */
#include "core/difo.h"
#include "core/util.h"

#define ALL_REGS 0xffffu

struct regs_rw {
	uint16_t reads;
	uint16_t writes;
};

static uint16_t bit(uint32_t r)
{
	return r < DIF_DIR_NREGS ? (uint16_t)(1u << r) : 0;
}

/* Per form, the register fields it reads, and writes (rd or none). */
#define F_R1 1
#define F_R2 2
#define F_RD 4
static const struct {
	uint8_t reads;
	uint8_t writes;
} form_rw[] = {
	[DIF_FORM_R1_R2_RD] = { F_R1 | F_R2, F_RD },
	[DIF_FORM_R1_RD] = { F_R1, F_RD },
	[DIF_FORM_R1_R2] = { F_R1 | F_R2, 0 },
	[DIF_FORM_R1] = { F_R1, 0 },
	/* ST*: rd is the address; COPYS: rd is read as well */
	[DIF_FORM_R1_RS_ADDR] = { F_R1 | F_R2 | F_RD, 0 },
	[DIF_FORM_R1_R2_RS] = { F_R1 | F_R2 | F_RD, 0 },
	[DIF_FORM_TUPLE] = { F_R1 | F_R2 | F_RD, 0 },
	[DIF_FORM_RD] = { F_RD, 0 }, /* RET */
	[DIF_FORM_VAR_RS] = { F_RD, 0 },
	[DIF_FORM_INT_RD] = { 0, F_RD },
	[DIF_FORM_STR_RD] = { 0, F_RD },
	[DIF_FORM_VAR_RD] = { 0, F_RD },
	[DIF_FORM_SUBR_RD] = { 0, F_RD },
	[DIF_FORM_ARRAY_RD] = { F_R2, F_RD },
	/* NONE, LABEL: neither */
};

/* The registers named by the fields of in that which selects. */
static uint16_t fields(dif_instr_t in, uint8_t which)
{
	return ((which & F_R1) ? bit(DIF_INSTR_R1(in)) : 0) |
	       ((which & F_R2) ? bit(DIF_INSTR_R2(in)) : 0) |
	       ((which & F_RD) ? bit(DIF_INSTR_RD(in)) : 0);
}

static struct regs_rw regs_of(dif_instr_t in)
{
	uint8_t f = dtrace_dif_form(DIF_INSTR_OP(in));
	struct regs_rw rw = { 0, 0 };

	if (f < DTRACE_ARRAY_SIZE(form_rw)) {
		rw.reads = fields(in, form_rw[f].reads);
		rw.writes = fields(in, form_rw[f].writes);
	}
	return rw;
}

uint16_t dtrace_dif_defregs(const struct dtrace_difo *dp)
{
	uint16_t *in, need = 1; /* %r0 is never written: always clear */
	uint32_t pc;

	if (dp->ncode == 0)
		return 0;
	in = dtrace_zalloc_array(dp->ncode, sizeof(*in));
	if (in == NULL)
		return 0;
	for (pc = 1; pc < dp->ncode; pc++)
		in[pc] = ALL_REGS; /* no path seen yet */
	for (pc = 0; pc < dp->ncode; pc++) {
		dif_instr_t ins = dp->code[pc];
		uint8_t op = DIF_INSTR_OP(ins);
		struct regs_rw rw = regs_of(ins);
		uint16_t out = in[pc] | rw.writes;

		need |= rw.reads & (uint16_t)~in[pc];
		if (dtrace_dif_form(op) == DIF_FORM_LABEL &&
		    DIF_INSTR_LABEL(ins) < dp->ncode)
			in[DIF_INSTR_LABEL(ins)] &= out;
		if (op != DIF_OP_BA && op != DIF_OP_RET && pc + 1 < dp->ncode)
			in[pc + 1] &= out;
	}
	dtrace_port_free(in);
	return (uint16_t)~need;
}

/*
 * DIFOs that only read one global scalar (a built-in such as execname
 * or pid, or a user global) and return it: LDGS %rd; RET %rd. The
 * interpreter runs them as the LDGS alone (same code, no machine set-up).
 */
uint16_t dtrace_dif_ldgs_only(const struct dtrace_difo *dp)
{
	dif_instr_t a, b;

	if (dp->ncode != 2)
		return 0;
	a = dp->code[0];
	b = dp->code[1];
	if (DIF_INSTR_OP(a) != DIF_OP_LDGS || DIF_INSTR_OP(b) != DIF_OP_RET ||
	    DIF_INSTR_RD(a) != DIF_INSTR_RD(b))
		return 0;
	return (uint16_t)DIF_INSTR_INDEX(a);
}

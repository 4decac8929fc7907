/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * DIF, the D Intermediate Format: a loop-free 64-bit register machine.
 * The compiler (libdtrace/dif/) emits it, the module validates it once
 * at enable time (kernel/core/dif_validate.c) and interprets it in probe
 * context (kernel/core/dif_emulate.c). doc/dif.md describes it in prose.
 */
#ifndef _DTRACE_UAPI_DIF_H
#define _DTRACE_UAPI_DIF_H

#include "types.h"

/* Registers: %r0 always reads 0 and may not be written. */
#define DIF_DIR_NREGS  16    /* integer registers %r0..%r15 */
#define DIF_DTR_NREGS  8     /* tuple stack depth */
#define DIF_MAX_INSTRS 65536 /* instructions per DIFO */
#define DIF_MAX_INTTAB 65536 /* SETX index is 16 bits */
#define DIF_MAX_STRTAB 65536 /* SETS offset is 16 bits */
#define DIF_MAX_VARTAB 4096

typedef uint32_t dif_instr_t;

/* Opcodes, from the table. */
enum dif_op {
#define DIF_OP(name, code, form, mnem) DIF_OP_##name = code,
#include "dif_ops.def"
#undef DIF_OP
};

/* A load from user memory: ULDSB .. ULDX, which mirror LDSB .. LDX. */
static inline int dif_op_is_uload(uint32_t op)
{
	return op >= DIF_OP_ULDSB && op <= DIF_OP_ULDX;
}

/*
 * Instruction forms. Bit fields: op = 31..24, then
 *   R1_R2_RD  r1 23..16, r2 15..8, rd 7..0   rd = f(r1, r2)
 *   R1_R2     r1, r2                          sets condition codes
 *   R1        r1                              sets condition codes
 *   R1_RD     r1, rd                          rd = f(r1)
 *   R1_RS_ADDR r1 = value, rd = address       store; rd is read
 *   R1_R2_RS  r1, r2, rd = address            COPYS; rd is read
 *   RD        rd                              RET
 *   NONE      -
 *   LABEL     label 23..0                     branch target
 *   INT_RD    index 23..8, rd 7..0            SETX
 *   STR_RD    offset 23..8, rd 7..0           SETS
 *   VAR_RD    var 23..8, rd 7..0              variable load
 *   VAR_RS    var 23..8, rs 7..0              variable store
 *   ARRAY_RD  var 23..16, r2 15..8, rd 7..0   built-in array load
 *   SUBR_RD   subr 23..8, rd 7..0             CALL
 *   TUPLE     type 23..16, r2 15..8, rs 7..0  PUSHTR/PUSHTV
 */
enum dif_form {
	DIF_FORM_R1_R2_RD,
	DIF_FORM_R1_R2,
	DIF_FORM_R1,
	DIF_FORM_R1_RD,
	DIF_FORM_R1_RS_ADDR,
	DIF_FORM_R1_R2_RS,
	DIF_FORM_RD,
	DIF_FORM_NONE,
	DIF_FORM_LABEL,
	DIF_FORM_INT_RD,
	DIF_FORM_STR_RD,
	DIF_FORM_VAR_RD,
	DIF_FORM_VAR_RS,
	DIF_FORM_ARRAY_RD,
	DIF_FORM_SUBR_RD,
	DIF_FORM_TUPLE,
};

#define DIF_INSTR_OP(i)	   (((i) >> 24) & 0xff)
#define DIF_INSTR_R1(i)	   (((i) >> 16) & 0xff)
#define DIF_INSTR_R2(i)	   (((i) >> 8) & 0xff)
#define DIF_INSTR_RD(i)	   ((i)&0xff)
#define DIF_INSTR_RS(i)	   ((i)&0xff)
#define DIF_INSTR_LABEL(i) ((i)&0xffffff)
#define DIF_INSTR_INDEX(i) (((i) >> 8) & 0xffff) /* INT/STR/VAR/SUBR */
#define DIF_INSTR_AVAR(i)  (((i) >> 16) & 0xff)	 /* ARRAY_RD var */
#define DIF_INSTR_TYPE(i)  (((i) >> 16) & 0xff)	 /* TUPLE type */

#define DIF_INSTR_FMT(op, r1, r2, d)                                     \
	((dif_instr_t)(((uint32_t)(op) << 24) | ((uint32_t)(r1) << 16) | \
		       ((uint32_t)(r2) << 8) | (uint32_t)(d)))
#define DIF_INSTR_BRANCH(op, label) \
	((dif_instr_t)(((uint32_t)(op) << 24) | ((uint32_t)(label)&0xffffff)))
#define DIF_INSTR_IDX(op, idx, reg)             \
	((dif_instr_t)(((uint32_t)(op) << 24) | \
		       (((uint32_t)(idx)&0xffff) << 8) | (uint32_t)(reg)))
#define DIF_INSTR_RET(rd) DIF_INSTR_FMT(DIF_OP_RET, 0, 0, rd)
#define DIF_INSTR_NOP	  DIF_INSTR_FMT(DIF_OP_NOP, 0, 0, 0)

/*
 * Variable ids (16 bits). Built-ins have fixed ids (dif_vars.def);
 * user variables (globals, self->, this->, associative arrays) get ids
 * from DIF_VAR_OTHER_UBASE up, allocated by the compiler per program and
 * described in each DIFO's variable table. Ids are per scope: global id
 * 0x500 and thread-local id 0x500 are different variables.
 */
#define DIF_VAR_ARRAY_MIN   0x0000 /* built-in arrays (LDGA/LDTA) */
#define DIF_VAR_ARRAY_MAX   0x00ff
#define DIF_VAR_SCALAR_MIN  0x0100 /* built-in scalars (LDGS) */
#define DIF_VAR_SCALAR_MAX  0x04ff
#define DIF_VAR_OTHER_UBASE 0x0500 /* first user variable */
#define DIF_VAR_OTHER_MAX   0xffff

enum dif_var {
#define DIF_VAR(name, id, type, d_name) DIF_VAR_##name = id,
#include "dif_vars.def"
#undef DIF_VAR
};

/* Subroutine numbers for CALL. */
enum dif_subr {
#define DIF_SUBR(name, id, d_name) DIF_SUBR_##name = id,
#include "dif_subrs.def"
#undef DIF_SUBR
};

/*
 * The type of a DIFO's result, of a variable, or of a tuple element.
 * CTF types are carried as class + size only: the kernel needs to know
 * how many bytes to copy, not what they mean.
 */
#define DIF_TYPE_CTF	0 /* integer, pointer, or by-ref struct */
#define DIF_TYPE_STRING 1 /* NUL-terminated, at most strsize bytes */

#define DIF_TF_BYREF  0x1 /* value is the address of dtdt_size bytes */
#define DIF_TF_BYUREF 0x2 /* ... in user space */

struct dtrace_diftype {
	uint8_t dtdt_kind;  /* DIF_TYPE_* */
	uint8_t dtdt_ckind; /* CTF kind, informational */
	uint8_t dtdt_flags; /* DIF_TF_* */
	uint8_t dtdt_pad;
	uint32_t dtdt_size; /* bytes; 0 for DIF_TYPE_STRING = strsize */
};

/* A variable table entry: one per variable a DIFO references. */
#define DIFV_KIND_ARRAY	 0 /* associative array */
#define DIFV_KIND_SCALAR 1

#define DIFV_SCOPE_GLOBAL 0
#define DIFV_SCOPE_THREAD 1 /* self-> */
#define DIFV_SCOPE_LOCAL  2 /* this-> */

#define DIFV_F_REF 0x1 /* read by this DIFO */
#define DIFV_F_MOD 0x2 /* written by this DIFO */

struct dtrace_difv {
	uint32_t dtdv_name;  /* offset in the DIFO string table */
	uint16_t dtdv_id;    /* variable id */
	uint8_t dtdv_kind;   /* DIFV_KIND_* */
	uint8_t dtdv_scope;  /* DIFV_SCOPE_* */
	uint32_t dtdv_flags; /* DIFV_F_* */
	struct dtrace_diftype dtdv_type;
};

/*
 * Why the validator refused a DIFO. DIF_DVR(name, "message"): the
 * enable ioctl returns one of these with the DIFO and instruction index.
 */
enum dif_dvr {
#define DIF_DVR(name, msg) DIF_DVR_##name,
#include "dif_dvr.def"
#undef DIF_DVR
};

#endif /* _DTRACE_UAPI_DIF_H */

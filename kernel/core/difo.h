/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DIF objects as the core holds them, the machine state of one firing,
 * and the validator/interpreter entry points. A DIFO's tables point into
 * the kernel's copy of the program blob (enable.c keeps it alive).
 */
#ifndef _DTRACE_CORE_DIFO_H
#define _DTRACE_CORE_DIFO_H

#include "core/port.h"
#include "dtrace/dif.h"
#include "dtrace/faults.h"

struct dtrace_state;
struct dtrace_state_cpu;
struct dtrace_probe;
struct dtrace_ecb;

/* How a value is stored by STGS/STLS or recorded by a data action. */
#define DTRACE_VK_VALUE	  0 /* 1, 2, 4 or 8 bytes by value */
#define DTRACE_VK_STRING  1 /* up to strsize, NUL-padded */
#define DTRACE_VK_REF	  2 /* size bytes at a kernel address */
#define DTRACE_VK_UREF	  3 /* size bytes at a user address */
#define DTRACE_VK_USTRING 4 /* a string at a user address */

struct dtrace_difo {
	const dif_instr_t *code;
	const uint64_t *ints;
	const char *strtab;
	const struct dtrace_difv *vars;
	uint32_t ncode;
	uint32_t nints;
	uint32_t strlen;
	uint32_t nvars;
	struct dtrace_diftype rtype;
	uint16_t defregs;   /* dtrace_dif_defregs() */
	uint16_t ldgs_only; /* dtrace_dif_ldgs_only() */
};

/*
 * Validator verdict: dvr is DIF_DVR_*, pc the instruction or DTRACE_NONE
 * for table verdicts, entry the vartab entry for DIF_DVR_VARTAB.
 */
struct dtrace_vres {
	uint32_t dvr;
	uint32_t pc;
	uint32_t entry;
};

/* Returns 0 if valid, else -EINVAL (-EPERM for PRIV) with *res filled. */
int dtrace_dif_validate(const struct dtrace_difo *dp, bool destructive,
			struct dtrace_vres *res);
/*
 * Registers the (valid) DIFO writes on every path before reading them:
 * the interpreter clears only the others. 0 (clear all) if unsure.
 */
uint16_t dtrace_dif_defregs(const struct dtrace_difo *dp);
/* The variable id of a valid DIFO that is LDGS v, %rd; RET %rd, or 0. */
uint16_t dtrace_dif_ldgs_only(const struct dtrace_difo *dp);
/* A value type a DIFO may return or a variable may have. */
bool dtrace_diftype_valid(const struct dtrace_diftype *t);
/* A DIFO returning nothing (size 0): DIFEXPR of a D statement. */
bool dtrace_diftype_void(const struct dtrace_diftype *t);
/* The validator's form table; 0xff for an invalid opcode. */
uint8_t dtrace_dif_form(uint8_t op);

/*
 * What every ECB of one probe firing shares (fire.c fills it once per
 * firing): the arguments (a6..a11 fetched from the provider on first
 * use), the timestamp (0 until taken) and errno.
 */
struct dtrace_fireargs {
	uint64_t v[12]; /* DTRACE_CORE_MAXARGS (probe.h) */
	uint64_t ts;
	uint32_t fetched; /* v[6..11] valid */
	int32_t err;	  /* errno: a syscall return's */
};

/* The machine state of one ECB firing on one CPU (fire.c mstate_init
 * sets every field: a new field must be set there). */
struct dtrace_mstate {
	struct dtrace_state *state;
	struct dtrace_state_cpu *scpu;
	const struct dtrace_probe *probe;
	struct dtrace_fireargs *fa;
	uint32_t cpu;
	uint32_t epid;
	uint32_t strsize;
	uintptr_t scratch_base;
	uintptr_t scratch_ptr;
	uintptr_t scratch_end;
	uintptr_t execname; /* cached in scratch */
	uint16_t fault;	    /* DTRACEFLT_* */
	uint32_t fault_pc;  /* DTRACE_NOPC: not in DIF (an action's) */
	uint64_t fault_addr;
};

/*
 * The firing's timestamp, read from the clock on first use (a firing
 * whose predicates all fail never reads it); every ECB of the firing
 * sees the same value.
 */
static inline uint64_t dtrace_ms_timestamp(struct dtrace_mstate *ms)
{
	if (ms->fa->ts == 0)
		ms->fa->ts = dtrace_port_gethrtime();
	return ms->fa->ts;
}

/*
 * execname: the task's comm copied once per ECB firing into scratch
 * (memory DIF owns, so later copies of it need no fault-tolerant
 * loads); 0 after NOSCRATCH.
 */
static inline uint64_t dtrace_ms_execname(struct dtrace_mstate *ms)
{
	uintptr_t p;

	if (ms->execname != 0)
		return ms->execname;
	p = (ms->scratch_ptr + 7) & ~(uintptr_t)7;
	if (p > ms->scratch_end || ms->scratch_end - p < DTRACE_COMMLEN) {
		if (ms->fault == DTRACEFLT_NONE) {
			ms->fault = DTRACEFLT_NOSCRATCH;
			ms->fault_addr = 0;
		}
		return 0;
	}
	ms->scratch_ptr = p + DTRACE_COMMLEN;
	dtrace_port_comm((char *)p);
	((char *)p)[DTRACE_COMMLEN - 1] = '\0';
	ms->execname = p;
	return p;
}

/*
 * The built-ins most clauses read, which LDGS reads without a call: sets
 * *v and returns true, or returns false for any other variable.
 */
static inline bool dtrace_dif_builtin_hot(struct dtrace_mstate *ms, uint32_t id,
					  uint64_t *v)
{
	switch (id) {
	case DIF_VAR_PID:
		*v = dtrace_port_task(DTRACE_TASK_PID);
		break;
	case DIF_VAR_TID:
		*v = dtrace_port_task(DTRACE_TASK_TID);
		break;
	case DIF_VAR_EXECNAME:
		*v = dtrace_ms_execname(ms);
		break;
	case DIF_VAR_TIMESTAMP:
		*v = dtrace_ms_timestamp(ms);
		break;
	default:
		return false;
	}
	return true;
}

/* A tuple stack entry (PUSHTR/PUSHTV). */
struct dtrace_tuple {
	uint64_t val; /* value, or address for by-reference */
	uint64_t size;
	uint8_t type; /* DIF_TYPE_* */
	uint8_t byref;
};

/* Runs dp; on a fault ms->fault/fault_addr/fault_pc are set, result 0. */
uint64_t dtrace_dif_emulate(const struct dtrace_difo *dp,
			    struct dtrace_mstate *ms);

/* Built-in variables (dif_builtin.c): LDGS of ids < UBASE and LDGA. */
uint64_t dtrace_dif_builtin(struct dtrace_mstate *ms, uint32_t id);
uint64_t dtrace_dif_builtin_array(struct dtrace_mstate *ms, uint32_t id,
				  uint64_t ndx);
bool dtrace_dif_builtin_exists(uint32_t id);

/* Subroutines (dif_subr*.c). */
uint64_t dtrace_dif_subr(struct dtrace_mstate *ms, uint32_t subr,
			 const struct dtrace_tuple *tup, uint32_t ntup);
bool dtrace_dif_subr_exists(uint32_t subr);
bool dtrace_dif_subr_destructive(uint32_t subr);
/* False for the Solaris-only ones (msgdsize, msgsize, ddi_pathname). */
bool dtrace_dif_subr_available(uint32_t subr);

/* Fault-tolerant memory access for DIF (dif_mem.c). */
#define DTRACE_NOPC ((uint32_t)-1) /* ERROR's arg3 is then -1 */

static inline void dtrace_fault(struct dtrace_mstate *ms, uint16_t code,
				uint64_t addr)
{
	if (ms->fault == DTRACEFLT_NONE) {
		ms->fault = code;
		ms->fault_addr = addr;
	}
}
/* Loads n bytes; faults BADADDR. Returns 0 on success. */
int dtrace_dif_load(struct dtrace_mstate *ms, void *dst, uintptr_t addr,
		    size_t n, bool user);
/* Byte-wise walks over strings: one cached aligned word. */
struct dtrace_strwalk {
	uintptr_t base;
	uintptr_t ram; /* 4 KiB kload read in this walk, or 0 */
	uint8_t w[8];
	bool valid;
	bool user;
};
/* The byte at addr (0..255), or -1 after faulting BADADDR. */
int dtrace_dif_sbyte(struct dtrace_mstate *ms, struct dtrace_strwalk *sw,
		     uintptr_t addr);
/* Length of the string at addr, at most max; faults BADADDR. */
size_t dtrace_dif_strlen(struct dtrace_mstate *ms, uintptr_t addr, size_t max,
			 bool user);
/*
 * Copies the string at src, at most size - 1 bytes, terminated, and
 * zeroes dst up to the end of the 8-byte word (counted from dst) holding
 * the NUL; returns the length; faults. Memory DIF owns (dif_room) is
 * read directly, a word at a time.
 */
size_t dtrace_dif_strcpy(struct dtrace_mstate *ms, char *dst, uintptr_t src,
			 size_t size, bool user);
/*
 * Bytes of memory DIF owns from addr on (scratch handed out so far,
 * variable storage), which it reads without fault-tolerant loads; 0 if
 * addr is elsewhere.
 */
uint64_t dtrace_dif_room(const struct dtrace_mstate *ms, uintptr_t addr);
/* Compares two kernel strings (at most max bytes); faults BADADDR. */
int dtrace_dif_strcmp(struct dtrace_mstate *ms, uintptr_t a, uintptr_t b,
		      size_t max);
/*
 * Copies a by-reference value (DTRACE_VK_* other than VALUE)
 * of size bytes (strings: at most size, terminated) from src to dst.
 */
void dtrace_dif_copyval(struct dtrace_mstate *ms, uint8_t vk, uint8_t *dst,
			uintptr_t src, uint32_t size);
/* n zeroed bytes of scratch, 8-aligned; 0 and NOSCRATCH when exhausted. */
uintptr_t dtrace_dif_scratch(struct dtrace_mstate *ms, uint64_t n);
/* The same, not zeroed: for a caller that writes all n bytes. */
uintptr_t dtrace_dif_scratch_take(struct dtrace_mstate *ms, uint64_t n);
/* Is [addr, addr + n) inside the scratch handed out so far? */
bool dtrace_dif_in_scratch(const struct dtrace_mstate *ms, uintptr_t addr,
			   uint64_t n);

#endif /* _DTRACE_CORE_DIFO_H */

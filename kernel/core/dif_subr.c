// SPDX-License-Identifier: GPL-2.0
/*
 * DIF subroutines (CALL): dispatch, and the ones that are not about
 * strings (those are in dif_subr_str.c). Arguments are the tuple stack,
 * bottom first; results that are not plain values live in scratch.
 * Every argument is a run-time value: sizes are bounded, destinations
 * must be scratch, sources are read through the fault-tolerant loads.
 * d_path() walks the kernel's dentries itself (dif_subr_path.c).
 */
#include "core/state.h"
#include "core/util.h"
#include "core/subr.h"
#include "core/spec.h"
#include "dtrace/limits.h"

bool dtrace_dif_subr_exists(uint32_t subr)
{
	switch (subr) {
#define DIF_SUBR(name, id, d_name) case id:
#include "dtrace/dif_subrs.def"
#undef DIF_SUBR
		return true;
	default:
		return false;
	}
}

bool dtrace_dif_subr_available(uint32_t subr)
{
	return subr != DIF_SUBR_MSGDSIZE && subr != DIF_SUBR_MSGSIZE &&
	       subr != DIF_SUBR_DDI_PATHNAME;
}

bool dtrace_dif_subr_destructive(uint32_t subr)
{
	return subr == DIF_SUBR_COPYOUT || subr == DIF_SUBR_COPYOUTSTR;
}

static uint64_t subr_rand(struct dtrace_mstate *ms)
{
	uint64_t x = ms->scpu->rand;

	if (x == 0)
		x = dtrace_ms_timestamp(ms) | 1;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	ms->scpu->rand = x;
	return (x * 0x2545f4914f6cdd1dull) >> 33; /* a 31-bit int */
}

static uint64_t bswap(uint64_t v, uint32_t size)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return size == 8 ? v : v & ((1ull << (size * 8)) - 1);
#else
	switch (size) {
	case 2:
		return __builtin_bswap16((uint16_t)v);
	case 4:
		return __builtin_bswap32((uint32_t)v);
	default:
		return __builtin_bswap64(v);
	}
#endif
}

/* Sizes above the whole scratch area fault BADSIZE (dif.md §9). */
static bool size_ok(struct dtrace_mstate *ms, uint64_t n)
{
	if (n > ms->scratch_end - ms->scratch_base) {
		dtrace_fault(ms, DTRACEFLT_BADSIZE, n);
		return false;
	}
	return true;
}

static uint64_t subr_copyin(struct dtrace_mstate *ms, uint64_t uaddr,
			    uint64_t n)
{
	uintptr_t p;

	if (!size_ok(ms, n))
		return 0;
	p = dtrace_dif_scratch(ms, n);
	if (p != 0)
		dtrace_dif_load(ms, (void *)p, uaddr, n, true);
	return p;
}

static uint64_t subr_copyinstr(struct dtrace_mstate *ms, uint64_t uaddr,
			       uint64_t max)
{
	uintptr_t p = dtrace_dif_scratch(ms, ms->strsize);

	if (p == 0)
		return 0;
	if (max == 0 || max >= ms->strsize)
		max = ms->strsize - 1;
	dtrace_dif_strcpy(ms, (char *)p, uaddr, max + 1, true);
	return p;
}

/*
 * copyinargs(uaddr, size): size bytes of user memory holding
 * NUL-terminated strings back to back (a process's argv, from
 * mm->arg_start to arg_end) as one string, the strings separated by
 * spaces; at most strsize - 1 bytes.
 */
static uint64_t subr_copyinargs(struct dtrace_mstate *ms, uint64_t uaddr,
				uint64_t n)
{
	uintptr_t p = dtrace_dif_scratch(ms, ms->strsize);
	char *s = (char *)p;
	uint64_t i;

	if (p == 0)
		return 0;
	if (n >= ms->strsize)
		n = ms->strsize - 1;
	if (n > 0 && dtrace_dif_load(ms, s, uaddr, n, true) != 0)
		return 0;
	s[n] = '\0';
	while (n > 0 && s[n - 1] == '\0') /* the last string's NUL */
		n--;
	for (i = 0; i < n; i++)
		if (s[i] == '\0')
			s[i] = ' ';
	return p;
}

/*
 * copyinto(uaddr, size, dest) and bcopy(src, dest, size): a destination
 * outside scratch is an invalid address, as in DTrace.
 */
static void copy_to_scratch(struct dtrace_mstate *ms, uint64_t src,
			    uint64_t dst, uint64_t n, bool user)
{
	if (!dtrace_dif_in_scratch(ms, dst, n)) {
		dtrace_fault(ms, DTRACEFLT_BADADDR, dst);
		return;
	}
	dtrace_dif_load(ms, (void *)(uintptr_t)dst, src, n, user);
}

static uint64_t lockq(struct dtrace_mstate *ms, enum dtrace_lockq q,
		      uint64_t addr)
{
	uint64_t v = 0;

	if (dtrace_port_lockq(q, addr, &v) != 0)
		dtrace_fault(ms, DTRACEFLT_BADADDR, addr);
	return v;
}

static void ustore_fault(struct dtrace_mstate *ms, int err, uint64_t uaddr)
{
	dtrace_fault(ms, err == -EPERM ? DTRACEFLT_UPRIV : DTRACEFLT_BADADDR,
		     uaddr);
}

/*
 * copyout(buf, uaddr, size): through a small bounce buffer, at most
 * DTRACE_COPYOUT_MAX bytes (the port refuses contexts with no user
 * address space of the current process to write).
 */
static void copyout(struct dtrace_mstate *ms, uint64_t src, uint64_t uaddr,
		    uint64_t n)
{
	uint8_t bounce[64];
	uint64_t done, k;
	int err;

	if (n > DTRACE_COPYOUT_MAX) {
		dtrace_fault(ms, DTRACEFLT_BADSIZE, n);
		return;
	}
	for (done = 0; done < n; done += k) {
		k = DTRACE_MIN(n - done, (uint64_t)sizeof(bounce));
		if (dtrace_dif_load(ms, bounce, src + done, k, false) != 0)
			return;
		err = dtrace_port_ustore(uaddr + done, bounce, k);
		if (err != 0) {
			ustore_fault(ms, err, uaddr + done);
			return;
		}
	}
}

/*
 * copyoutstr(str, uaddr, size): at most size bytes, as DTrace: the
 * string and its NUL when they fit, else its first size bytes (no NUL).
 */
static void copyoutstr(struct dtrace_mstate *ms, uint64_t str, uint64_t uaddr,
		       uint64_t size)
{
	uint64_t len = dtrace_dif_strlen(ms, str, ms->strsize - 1, false);
	uint8_t nul = 0;
	int err;

	if (ms->fault != DTRACEFLT_NONE || size == 0)
		return;
	copyout(ms, str, uaddr, DTRACE_MIN(len, size));
	if (ms->fault != DTRACEFLT_NONE || len >= size)
		return;
	err = dtrace_port_ustore(uaddr + len, &nul, 1);
	if (err != 0)
		ustore_fault(ms, err, uaddr + len);
}

/* Kernel objects and the current process. */
static uint64_t subr_kernel(struct dtrace_mstate *ms, uint32_t subr,
			    const uint64_t *a)
{
	switch (subr) {
	case DIF_SUBR_MUTEX_OWNED:
		return lockq(ms, DTRACE_MUTEX_OWNED, a[0]);
	case DIF_SUBR_MUTEX_OWNER:
		return lockq(ms, DTRACE_MUTEX_OWNER, a[0]);
	case DIF_SUBR_MUTEX_TYPE_ADAPTIVE:
		return 1;
	case DIF_SUBR_MUTEX_TYPE_SPIN:
		return 0;
	case DIF_SUBR_RW_READ_HELD:
		return lockq(ms, DTRACE_RW_READ_HELD, a[0]);
	case DIF_SUBR_RW_WRITE_HELD:
		return lockq(ms, DTRACE_RW_WRITE_HELD, a[0]);
	case DIF_SUBR_RW_ISWRITER:
		return lockq(ms, DTRACE_RW_ISWRITER, a[0]);
	case DIF_SUBR_PROGENYOF:
		return dtrace_port_progenyof(a[0]);
	case DIF_SUBR_GETF:
		return dtrace_port_getf((int64_t)a[0]);
	case DIF_SUBR_COPYOUT:
		copyout(ms, a[0], a[1], a[2]);
		return 0;
	default: /* COPYOUTSTR */
		copyoutstr(ms, a[0], a[1], a[2]);
		return 0;
	}
}

static uint64_t subr_misc(struct dtrace_mstate *ms, uint32_t subr,
			  const uint64_t *a, uint32_t n)
{
	switch (subr) {
	case DIF_SUBR_MUTEX_OWNED:
	case DIF_SUBR_MUTEX_OWNER:
	case DIF_SUBR_MUTEX_TYPE_ADAPTIVE:
	case DIF_SUBR_MUTEX_TYPE_SPIN:
	case DIF_SUBR_RW_READ_HELD:
	case DIF_SUBR_RW_WRITE_HELD:
	case DIF_SUBR_RW_ISWRITER:
	case DIF_SUBR_PROGENYOF:
	case DIF_SUBR_GETF:
	case DIF_SUBR_COPYOUT:
	case DIF_SUBR_COPYOUTSTR:
		return subr_kernel(ms, subr, a);
	case DIF_SUBR_RAND:
		return subr_rand(ms);
	case DIF_SUBR_SPECULATION:
		return dtrace_spec_new(ms);
	case DIF_SUBR_ALLOCA:
		return dtrace_dif_scratch(ms, a[0]); /* NOSCRATCH */
	case DIF_SUBR_COPYIN:
		return subr_copyin(ms, a[0], a[1]);
	case DIF_SUBR_COPYINSTR:
		return subr_copyinstr(ms, a[0], n > 1 ? a[1] : 0);
	case DIF_SUBR_COPYINARGS:
		return subr_copyinargs(ms, a[0], a[1]);
	case DIF_SUBR_COPYINTO:
		copy_to_scratch(ms, a[0], a[2], a[1], true);
		return 0;
	case DIF_SUBR_BCOPY:
		copy_to_scratch(ms, a[0], a[1], a[2], false);
		return 0;
	case DIF_SUBR_HTONS:
	case DIF_SUBR_NTOHS:
		return bswap(a[0], 2);
	case DIF_SUBR_HTONL:
	case DIF_SUBR_NTOHL:
		return bswap(a[0], 4);
	case DIF_SUBR_HTONLL:
	case DIF_SUBR_NTOHLL:
		return bswap(a[0], 8);
	case DIF_SUBR_GETMAJOR: /* Linux kernel dev_t: 12:20 */
		return (a[0] >> 20) & 0xfff;
	case DIF_SUBR_GETMINOR:
		return a[0] & 0xfffff;
	case DIF_SUBR_D_PATH:
		return dtrace_dif_path(ms, a[0]);
	default:
		dtrace_fault(ms, DTRACEFLT_ILLOP, subr);
		return 0;
	}
}

/* Minimum argument counts; the compiler checks these too. */
static uint32_t subr_nargs(uint32_t subr)
{
	switch (subr) {
	case DIF_SUBR_RAND:
	case DIF_SUBR_SPECULATION:
		return 0;
	case DIF_SUBR_COPYIN:
	case DIF_SUBR_STRJOIN:
	case DIF_SUBR_SUBSTR:
	case DIF_SUBR_COPYINARGS:
	case DIF_SUBR_STRCHR:
	case DIF_SUBR_STRRCHR:
	case DIF_SUBR_STRSTR:
	case DIF_SUBR_INDEX:
	case DIF_SUBR_RINDEX:
	case DIF_SUBR_STRTOK:
	case DIF_SUBR_JSON:
	case DIF_SUBR_INET_NTOP:
	case DIF_SUBR_LINK_NTOP:
		return 2;
	case DIF_SUBR_COPYINTO:
	case DIF_SUBR_BCOPY:
	case DIF_SUBR_COPYOUT:
	case DIF_SUBR_COPYOUTSTR:
		return 3;
	default:
		return 1;
	}
}

/* Subroutines whose result is a string (a pointer to one, or NULL). */
static bool gives_string(uint32_t subr)
{
	switch (subr) {
	case DIF_SUBR_STRLEN:
	case DIF_SUBR_INDEX:
	case DIF_SUBR_RINDEX:
	case DIF_SUBR_STRTOLL:
		return false;
	case DIF_SUBR_COPYINSTR:
	case DIF_SUBR_COPYINARGS:
	case DIF_SUBR_D_PATH:
		return true;
	default:
		return dtrace_subr_is_string(subr);
	}
}

/*
 * After a string subroutine, the scratch it took from mark on holds its
 * temporaries (copies, tables) and maybe its result, a strsize area:
 * the result moves down to mark, keeping only its own words, and the
 * rest is given back. A clause of many such calls then needs room for
 * their results only (DTrace's scratch is what its principal buffer
 * has left; ours is scratchsize and eight strings, doc/limits.md).
 */
static uint64_t keep_result(struct dtrace_mstate *ms, uintptr_t mark,
			    uint64_t r)
{
	uintptr_t to = DTRACE_ALIGN(mark, (uintptr_t)8), end = ms->scratch_ptr;
	size_t n = 0, room;

	if (r < to || r >= end) { /* in its input, or none: all given back */
		ms->scratch_ptr = mark;
		return r;
	}
	while (r + n < end && ((const char *)(uintptr_t)r)[n] != '\0')
		n++;
	if (r + n == end) /* no NUL: keep it all */
		return r;
	room = DTRACE_ALIGN(n + 1, (size_t)8);
	dtrace_memmove((void *)to, (const void *)(uintptr_t)r, n + 1);
	dtrace_memset((void *)(to + n + 1), 0, room - n - 1);
	ms->scratch_ptr = to + room;
	return to;
}

uint64_t dtrace_dif_subr(struct dtrace_mstate *ms, uint32_t subr,
			 const struct dtrace_tuple *tup, uint32_t ntup)
{
	uint64_t a[DIF_DTR_NREGS] = { 0 }, r;
	uintptr_t mark = ms->scratch_ptr;
	uint32_t i;

	if (ntup < subr_nargs(subr)) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, subr);
		return 0;
	}
	for (i = 0; i < ntup; i++)
		a[i] = tup[i].val;
	if (dtrace_subr_is_string(subr))
		r = dtrace_subr_string(ms, subr, a, ntup);
	else
		r = subr_misc(ms, subr, a, ntup);
	if (ms->fault == DTRACEFLT_NONE && gives_string(subr))
		r = keep_result(ms, mark, r);
	return r;
}

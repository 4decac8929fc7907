/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The ustack()/jstack() record (doc/records.md §3): its action argument
 * and the unwinding block that follows the frame-pointer frames when
 * the program asks for stack bytes (-x ustackbytes). The block lets the
 * consumer unwind with call-frame information where the code keeps no
 * frame pointers: the user registers at the probe and a copy of the
 * top of the user stack, as far as it could be read without faulting.
 */
#ifndef _DTRACE_UAPI_USTACK_H
#define _DTRACE_UAPI_USTACK_H

#include "types.h"

/* dtpa_arg: frames (bits 0-15), stack bytes / 8 (16-31), strsize (32-63) */
#define DTRACE_USTACK_ARG(frames, bytes, strsize)             \
	((uint64_t)(frames) | ((uint64_t)(bytes) / 8 << 16) | \
	 ((uint64_t)(strsize) << 32))
#define DTRACE_USTACK_NFRAMES(arg) ((uint32_t)((arg)&0xffff))
#define DTRACE_USTACK_BYTES(arg)   ((uint32_t)(((arg) >> 16) & 0xffff) * 8)
#define DTRACE_USTACK_STRSIZE(arg) ((uint32_t)((arg) >> 32))

/* Where the block starts in the record: after pid, frames and strings. */
#define DTRACE_USTACK_BLOCK_OFF(arg)                     \
	((8 + 8 * (uint64_t)DTRACE_USTACK_NFRAMES(arg) + \
	  DTRACE_USTACK_STRSIZE(arg) + 7) &              \
	 ~7ull)

/* The record's size: the block is there only when bytes is not 0. */
#define DTRACE_USTACK_RECSIZE(arg)                              \
	(DTRACE_USTACK_BYTES(arg) == 0 ?                        \
		 8 + 8 * (uint64_t)DTRACE_USTACK_NFRAMES(arg) + \
			 DTRACE_USTACK_STRSIZE(arg) :           \
		 DTRACE_USTACK_BLOCK_OFF(arg) +                 \
			 sizeof(struct dtrace_ustack_regs) +    \
			 DTRACE_USTACK_BYTES(arg))

/* dtur_flags */
#define DTRACE_USTACK_VALID 0x1 /* a user context: the registers are set */
#define DTRACE_USTACK_ENTRY 0x2 /* at a function's first instruction */

/*
 * The registers unwinding starts from (x86-64: rip, rsp, rbp), then
 * dtur_len bytes of the stack copied from dtur_sp up (the rest of the
 * reserved bytes stay zero).
 */
struct dtrace_ustack_regs {
	uint64_t dtur_pc;
	uint64_t dtur_sp;
	uint64_t dtur_fp;
	uint32_t dtur_len;
	uint32_t dtur_flags;
};

#endif /* _DTRACE_UAPI_USTACK_H */

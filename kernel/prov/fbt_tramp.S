/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a function hooked by fbt_ret.c returns to (x86-64). The hook
 * put this address in the function's return-address slot; `ret` popped
 * it, so the stack pointer is one word above that slot. The return
 * value is in rax:rdx; everything else the caller expects to survive
 * is callee-saved, which the C handler keeps. We push the handler's
 * frame (struct dtrace_fbt_ret_frame, fbt.h), ending at the slot; the
 * handler finds the original return address by the slot, puts it back
 * there and fires the return probes; we return through it (a ret, not
 * an indirect jump, so IBT does not ask for an ENDBR there).
 */
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/unwind_hints.h>

#include "linux/compat_auto.h"

/* Assembled only where fbt can work (kernel_compat.h, DTRACE_FBT_LACKS). */
#ifdef DTRACE_HAVE_FTRACE_REGS

#ifdef DTRACE_HAVE_UNWIND_HINT_UNDEFINED
#define DTRACE_UNWIND_HINT_NONE	UNWIND_HINT_UNDEFINED
#else
#define DTRACE_UNWIND_HINT_NONE	UNWIND_HINT_EMPTY
#endif

	.text
SYM_CODE_START(dtrace_fbt_ret_tramp)
	ANNOTATE_NOENDBR		/* reached by ret, never by a jump */
	DTRACE_UNWIND_HINT_NONE
	pushq	$0			/* the slot, for the original address */
	pushq	%rax
	pushq	%rdx
	pushq	%rbp			/* the caller's frame, for stack() */
	pushq	$0			/* arg0 */
	pushq	$0			/* the call wants 16-byte alignment */
	leaq	8(%rsp), %rdi		/* struct dtrace_fbt_ret_frame (fbt.h) */
	call	dtrace_fbt_ret_handler	/* the slot holds the original */
	addq	$24, %rsp		/* the handler kept rbp */
	popq	%rdx
	popq	%rax
	RET
SYM_CODE_END(dtrace_fbt_ret_tramp)
#endif /* DTRACE_HAVE_FTRACE_REGS */

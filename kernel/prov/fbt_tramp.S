/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a function hooked by fbt_ret.c returns to (x86-64). The hook
 * put this address in the function's return-address slot; `ret` popped
 * it, so the stack pointer is one word above that slot. The return
 * value is in rax:rdx; everything else the caller expects to survive
 * is callee-saved, which the C handler keeps. The handler finds the
 * original return address by the slot, fires the return probes and
 * returns it; we put it back in the slot and return through it (a ret,
 * not an indirect jump, so IBT does not ask for an ENDBR there).
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
	subq	$8, %rsp		/* the call wants 16-byte alignment */
	leaq	24(%rsp), %rdi		/* the slot */
	movq	%rax, %rsi		/* the return value */
	movq	%rbp, %rdx		/* the caller's frame, for stack() */
	call	dtrace_fbt_ret_handler
	movq	%rax, 24(%rsp)
	addq	$8, %rsp
	popq	%rdx
	popq	%rax
	RET
SYM_CODE_END(dtrace_fbt_ret_tramp)
#endif /* DTRACE_HAVE_FTRACE_REGS */

/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * USDT probe sites for dtrace for Linux (x86-64). Each site is:
 *
 *  - a one-byte nop the kernel plants a uprobe on, with the arguments
 *    placed as the ABI passes a call's, as 64-bit values: the first six
 *    in rdi, rsi, rdx, rcx, r8, r9, the 7th to 12th on the stack (see
 *    _DTRACE_PUSH below), so the module reads them where a helper program
 *    says they are (doc/program.md, section 9);
 *  - a .note.stapsdt note (provider, name, "8@%rdi ..." argument specs,
 *    semaphore), so gdb, bpftrace, perf and systemtap see the probe too;
 *  - a record in the allocated section dtrace_usdt_sites (struct
 *    dtrace_usdt_site below, relocated at load time), which drti walks at
 *    start-up to register the probes with DTRACEHIOC_ADDPROG.
 *
 * DTRACE_PROBE(provider, name) .. DTRACE_PROBE12(provider, name, a0..a11)
 * are for code without a `dtrace -h` header; the header dtrace -h writes
 * embeds this file and adds typed, upper-case macros and semaphores.
 * Define DTRACE_PROBES_DISABLED (or build for another architecture) and
 * every probe compiles to nothing.
 */
#ifndef DTRACE_SDT_H
#define DTRACE_SDT_H

#include <stdint.h>

/* One probe site as drti sees it; the macros below emit exactly this. */
struct dtrace_usdt_site {
	uint64_t	dtus_pc;	/* address of the site's nop */
	uint64_t	dtus_semaphore;	/* address of its uint16_t semaphore, or 0 */
	const char	*dtus_func;	/* function the site is written in */
	const char	*dtus_provider;
	const char	*dtus_name;	/* as written: "query__start" */
	const char	*dtus_argtypes;	/* native types, ';'-separated, or "" */
	uint64_t	dtus_nargs;
};

#if defined(__x86_64__) && !defined(DTRACE_PROBES_DISABLED)

#define _DTRACE_STR(x) #x
#define _DTRACE_XSTR(x) _DTRACE_STR(x)

/* Evaluate every argument first, then copy them into the registers: a
 * call made while evaluating one argument cannot clobber another. */
#define _DTRACE_T(i, a) long __dtrace_t##i = (long)(a);
#define _DTRACE_R(i, reg) register long __dtrace_r##i __asm__(reg) = __dtrace_t##i;
#define _DTRACE_OP(i) "r"(__dtrace_r##i)
/* Arguments 7..12: any register or a 32-bit constant, pushed by the site. */
#define _DTRACE_SOP(i) [__dtrace_a##i] "re"(__dtrace_t##i)

#define _DTRACE_TS1(a0) _DTRACE_T(0, a0)
#define _DTRACE_TS2(a0, a1) _DTRACE_TS1(a0) _DTRACE_T(1, a1)
#define _DTRACE_TS3(a0, a1, a2) _DTRACE_TS2(a0, a1) _DTRACE_T(2, a2)
#define _DTRACE_TS4(a0, a1, a2, a3) _DTRACE_TS3(a0, a1, a2) _DTRACE_T(3, a3)
#define _DTRACE_TS5(a0, a1, a2, a3, a4) \
	_DTRACE_TS4(a0, a1, a2, a3) _DTRACE_T(4, a4)
#define _DTRACE_TS6(a0, a1, a2, a3, a4, a5) \
	_DTRACE_TS5(a0, a1, a2, a3, a4) _DTRACE_T(5, a5)

#define _DTRACE_RS1 _DTRACE_R(0, "rdi")
#define _DTRACE_RS2 _DTRACE_RS1 _DTRACE_R(1, "rsi")
#define _DTRACE_RS3 _DTRACE_RS2 _DTRACE_R(2, "rdx")
#define _DTRACE_RS4 _DTRACE_RS3 _DTRACE_R(3, "rcx")
#define _DTRACE_RS5 _DTRACE_RS4 _DTRACE_R(4, "r8")
#define _DTRACE_RS6 _DTRACE_RS5 _DTRACE_R(5, "r9")

#define _DTRACE_ARGS0()
#define _DTRACE_ARGS1(a0) _DTRACE_TS1(a0) _DTRACE_RS1
#define _DTRACE_ARGS2(a0, a1) _DTRACE_TS2(a0, a1) _DTRACE_RS2
#define _DTRACE_ARGS3(a0, a1, a2) _DTRACE_TS3(a0, a1, a2) _DTRACE_RS3
#define _DTRACE_ARGS4(a0, a1, a2, a3) _DTRACE_TS4(a0, a1, a2, a3) _DTRACE_RS4
#define _DTRACE_ARGS5(a0, a1, a2, a3, a4) \
	_DTRACE_TS5(a0, a1, a2, a3, a4) _DTRACE_RS5
#define _DTRACE_ARGS6(a0, a1, a2, a3, a4, a5) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_RS6
#define _DTRACE_ARGS7(a0, a1, a2, a3, a4, a5, a6) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) _DTRACE_RS6
#define _DTRACE_ARGS8(a0, a1, a2, a3, a4, a5, a6, a7) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) \
	_DTRACE_T(7, a7) _DTRACE_RS6
#define _DTRACE_ARGS9(a0, a1, a2, a3, a4, a5, a6, a7, a8) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) \
	_DTRACE_T(7, a7) _DTRACE_T(8, a8) _DTRACE_RS6
#define _DTRACE_ARGS10(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) \
	_DTRACE_T(7, a7) _DTRACE_T(8, a8) _DTRACE_T(9, a9) _DTRACE_RS6
#define _DTRACE_ARGS11(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) \
	_DTRACE_T(7, a7) _DTRACE_T(8, a8) _DTRACE_T(9, a9) \
	_DTRACE_T(10, a10) _DTRACE_RS6
#define _DTRACE_ARGS12(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	_DTRACE_TS6(a0, a1, a2, a3, a4, a5) _DTRACE_T(6, a6) \
	_DTRACE_T(7, a7) _DTRACE_T(8, a8) _DTRACE_T(9, a9) \
	_DTRACE_T(10, a10) _DTRACE_T(11, a11) _DTRACE_RS6

#define _DTRACE_OPS0 [__dtrace_fn] "i"(__func__)
#define _DTRACE_OPS1 _DTRACE_OPS0, _DTRACE_OP(0)
#define _DTRACE_OPS2 _DTRACE_OPS1, _DTRACE_OP(1)
#define _DTRACE_OPS3 _DTRACE_OPS2, _DTRACE_OP(2)
#define _DTRACE_OPS4 _DTRACE_OPS3, _DTRACE_OP(3)
#define _DTRACE_OPS5 _DTRACE_OPS4, _DTRACE_OP(4)
#define _DTRACE_OPS6 _DTRACE_OPS5, _DTRACE_OP(5)
#define _DTRACE_OPS7 _DTRACE_OPS6, _DTRACE_SOP(6)
#define _DTRACE_OPS8 _DTRACE_OPS7, _DTRACE_SOP(7)
#define _DTRACE_OPS9 _DTRACE_OPS8, _DTRACE_SOP(8)
#define _DTRACE_OPS10 _DTRACE_OPS9, _DTRACE_SOP(9)
#define _DTRACE_OPS11 _DTRACE_OPS10, _DTRACE_SOP(10)
#define _DTRACE_OPS12 _DTRACE_OPS11, _DTRACE_SOP(11)

#define _DTRACE_SPECS0 ""
#define _DTRACE_SPECS1 "8@%%rdi"
#define _DTRACE_SPECS2 _DTRACE_SPECS1 " 8@%%rsi"
#define _DTRACE_SPECS3 _DTRACE_SPECS2 " 8@%%rdx"
#define _DTRACE_SPECS4 _DTRACE_SPECS3 " 8@%%rcx"
#define _DTRACE_SPECS5 _DTRACE_SPECS4 " 8@%%r8"
#define _DTRACE_SPECS6 _DTRACE_SPECS5 " 8@%%r9"
#define _DTRACE_SPECS7 _DTRACE_SPECS6 " 8@0(%%rsp)"
#define _DTRACE_SPECS8 _DTRACE_SPECS7 " 8@8(%%rsp)"
#define _DTRACE_SPECS9 _DTRACE_SPECS8 " 8@16(%%rsp)"
#define _DTRACE_SPECS10 _DTRACE_SPECS9 " 8@24(%%rsp)"
#define _DTRACE_SPECS11 _DTRACE_SPECS10 " 8@32(%%rsp)"
#define _DTRACE_SPECS12 _DTRACE_SPECS11 " 8@40(%%rsp)"

/*
 * Arguments 7..12 are on the stack at the nop as a call would leave them
 * before its return address (the 7th at 0(%rsp), then 8 bytes each), so
 * the module reads them as it reads any call's. The site first steps
 * over the 128-byte red zone, where the function may keep data without
 * moving %rsp, and always moves %rsp by 176 bytes in all, whatever the
 * count: the module adds that back for stack walks (DTRACE_USDT_SP_SKIP,
 * prog.h).
 */
#define _DTRACE_PUSH(i) "	pushq %[__dtrace_a" #i "]\n"
#define _DTRACE_STACK(room) "	lea -" #room "(%%rsp), %%rsp\n"
#define _DTRACE_PUSH0 ""
#define _DTRACE_PUSH1 ""
#define _DTRACE_PUSH2 ""
#define _DTRACE_PUSH3 ""
#define _DTRACE_PUSH4 ""
#define _DTRACE_PUSH5 ""
#define _DTRACE_PUSH6 ""
#define _DTRACE_PUSH7 _DTRACE_STACK(168) _DTRACE_PUSH(6)
#define _DTRACE_PUSH8 _DTRACE_STACK(160) _DTRACE_PUSH(7) _DTRACE_PUSH(6)
#define _DTRACE_PUSH9 _DTRACE_STACK(152) _DTRACE_PUSH(8) _DTRACE_PUSH(7) \
	_DTRACE_PUSH(6)
#define _DTRACE_PUSH10 _DTRACE_STACK(144) _DTRACE_PUSH(9) _DTRACE_PUSH(8) \
	_DTRACE_PUSH(7) _DTRACE_PUSH(6)
#define _DTRACE_PUSH11 _DTRACE_STACK(136) _DTRACE_PUSH(10) _DTRACE_PUSH(9) \
	_DTRACE_PUSH(8) _DTRACE_PUSH(7) _DTRACE_PUSH(6)
#define _DTRACE_PUSH12 _DTRACE_STACK(128) _DTRACE_PUSH(11) \
	_DTRACE_PUSH(10) _DTRACE_PUSH(9) _DTRACE_PUSH(8) _DTRACE_PUSH(7) \
	_DTRACE_PUSH(6)
#define _DTRACE_POP0 ""
#define _DTRACE_POP1 ""
#define _DTRACE_POP2 ""
#define _DTRACE_POP3 ""
#define _DTRACE_POP4 ""
#define _DTRACE_POP5 ""
#define _DTRACE_POP6 ""
#define _DTRACE_POP7 "	lea 176(%%rsp), %%rsp\n"
#define _DTRACE_POP8 _DTRACE_POP7
#define _DTRACE_POP9 _DTRACE_POP7
#define _DTRACE_POP10 _DTRACE_POP7
#define _DTRACE_POP11 _DTRACE_POP7
#define _DTRACE_POP12 _DTRACE_POP7

/*
 * The site. sem is the semaphore's symbol or 0; types a string literal.
 * The note follows the stapsdt layout (type 3, pc, .stapsdt.base, sem,
 * then three strings); .stapsdt.base lets readers of prelinked or
 * relocated files compute the real pc.
 */
#define _DTRACE_SITE(prov, name, sem, types, n, args) do {		\
	_DTRACE_ARGS##n args						\
	__asm__ __volatile__(						\
	_DTRACE_PUSH##n							\
	"990:	nop\n"							\
	_DTRACE_POP##n							\
	"	.pushsection .note.stapsdt,\"\",\"note\"\n"		\
	"	.balign 4\n"						\
	"	.4byte 992f-991f, 994f-993f, 3\n"			\
	"991:	.asciz \"stapsdt\"\n"					\
	"992:	.balign 4\n"						\
	"993:	.8byte 990b, _.stapsdt.base, " _DTRACE_XSTR(sem) "\n"	\
	"	.asciz \"" #prov "\"\n"					\
	"	.asciz \"" #name "\"\n"					\
	"	.asciz \"" _DTRACE_SPECS##n "\"\n"			\
	"994:	.balign 4\n"						\
	"	.popsection\n"						\
	"	.ifndef _.stapsdt.base\n"				\
	"	.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
	"	.weak _.stapsdt.base\n"					\
	"	.hidden _.stapsdt.base\n"				\
	"_.stapsdt.base: .space 1\n"					\
	"	.size _.stapsdt.base, 1\n"				\
	"	.popsection\n"						\
	"	.endif\n"						\
	"	.pushsection .rodata.dtrace_usdt,\"a\",\"progbits\"\n"	\
	"995:	.asciz \"" #prov "\"\n"					\
	"996:	.asciz \"" #name "\"\n"					\
	"997:	.asciz \"" types "\"\n"					\
	"	.popsection\n"						\
	"	.pushsection dtrace_usdt_sites,\"aw\",\"progbits\"\n"	\
	"	.balign 8\n"						\
	"	.8byte 990b, " _DTRACE_XSTR(sem) ", %c[__dtrace_fn]\n"	\
	"	.8byte 995b, 996b, 997b, " #n "\n"			\
	"	.popsection\n"						\
	: : _DTRACE_OPS##n);						\
} while (0)

#define DTRACE_PROBE(p, n) _DTRACE_SITE(p, n, 0, "", 0, ())
#define DTRACE_PROBE1(p, n, a0) _DTRACE_SITE(p, n, 0, "", 1, (a0))
#define DTRACE_PROBE2(p, n, a0, a1) _DTRACE_SITE(p, n, 0, "", 2, (a0, a1))
#define DTRACE_PROBE3(p, n, a0, a1, a2) \
	_DTRACE_SITE(p, n, 0, "", 3, (a0, a1, a2))
#define DTRACE_PROBE4(p, n, a0, a1, a2, a3) \
	_DTRACE_SITE(p, n, 0, "", 4, (a0, a1, a2, a3))
#define DTRACE_PROBE5(p, n, a0, a1, a2, a3, a4) \
	_DTRACE_SITE(p, n, 0, "", 5, (a0, a1, a2, a3, a4))
#define DTRACE_PROBE6(p, n, a0, a1, a2, a3, a4, a5) \
	_DTRACE_SITE(p, n, 0, "", 6, (a0, a1, a2, a3, a4, a5))
#define DTRACE_PROBE7(p, n, a0, a1, a2, a3, a4, a5, a6) \
	_DTRACE_SITE(p, n, 0, "", 7, (a0, a1, a2, a3, a4, a5, a6))
#define DTRACE_PROBE8(p, n, a0, a1, a2, a3, a4, a5, a6, a7) \
	_DTRACE_SITE(p, n, 0, "", 8, (a0, a1, a2, a3, a4, a5, a6, a7))
#define DTRACE_PROBE9(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8) \
	_DTRACE_SITE(p, n, 0, "", 9, (a0, a1, a2, a3, a4, a5, a6, a7, a8))
#define DTRACE_PROBE10(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	_DTRACE_SITE(p, n, 0, "", 10,					\
		     (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9))
#define DTRACE_PROBE11(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	_DTRACE_SITE(p, n, 0, "", 11,					\
		     (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
#define DTRACE_PROBE12(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, \
		       a11)						\
	_DTRACE_SITE(p, n, 0, "", 12,					\
		     (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))

#else /* no probes */

#define _DTRACE_SITE(prov, name, sem, types, n, args) do { } while (0)
#define DTRACE_PROBE(p, n) do { } while (0)
#define DTRACE_PROBE1(p, n, a0) do { (void)(a0); } while (0)
#define DTRACE_PROBE2(p, n, a0, a1) do { (void)(a0); (void)(a1); } while (0)
#define DTRACE_PROBE3(p, n, a0, a1, a2) \
	do { (void)(a0); (void)(a1); (void)(a2); } while (0)
#define DTRACE_PROBE4(p, n, a0, a1, a2, a3) \
	do { (void)(a0); (void)(a1); (void)(a2); (void)(a3); } while (0)
#define DTRACE_PROBE5(p, n, a0, a1, a2, a3, a4) do { (void)(a0); \
	(void)(a1); (void)(a2); (void)(a3); (void)(a4); } while (0)
#define DTRACE_PROBE6(p, n, a0, a1, a2, a3, a4, a5) do { (void)(a0); \
	(void)(a1); (void)(a2); (void)(a3); (void)(a4); (void)(a5); } while (0)
#define DTRACE_PROBE7(p, n, a0, a1, a2, a3, a4, a5, a6) \
	do { DTRACE_PROBE6(p, n, a0, a1, a2, a3, a4, a5); (void)(a6); } while (0)
#define DTRACE_PROBE8(p, n, a0, a1, a2, a3, a4, a5, a6, a7) do { \
	DTRACE_PROBE7(p, n, a0, a1, a2, a3, a4, a5, a6); (void)(a7); } while (0)
#define DTRACE_PROBE9(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8) do { \
	DTRACE_PROBE8(p, n, a0, a1, a2, a3, a4, a5, a6, a7); (void)(a8); \
	} while (0)
#define DTRACE_PROBE10(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) do { \
	DTRACE_PROBE9(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8); (void)(a9); \
	} while (0)
#define DTRACE_PROBE11(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	do { DTRACE_PROBE10(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9); \
	(void)(a10); } while (0)
#define DTRACE_PROBE12(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, \
		       a11)						\
	do { DTRACE_PROBE11(p, n, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, \
	a10); (void)(a11); } while (0)

#endif
#endif /* DTRACE_SDT_H */

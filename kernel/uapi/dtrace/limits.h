/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Limits the module enforces and userspace checks against before it
 * asks: every size summed or multiplied from a program or an option, the
 * work one firing may do with interrupts off, and what an unprivileged
 * helper process may register. One home for each number; doc/limits.md
 * says why each has its value and what a user sees past it.
 */
#ifndef _DTRACE_UAPI_LIMITS_H
#define _DTRACE_UAPI_LIMITS_H

/* -- Sizes: record layouts, keys, buffers, tables (doc/limits.md §1) -- */

/*
 * Option ranges (enable.c opt_ok(); the consumer refuses the same values
 * when the option is set). The four buffer sizes (bufsize, aggsize,
 * dynvarsize, specsize) are per CPU; GO halves them (bufresize=auto)
 * until they fit in memory and DTRACE_MAX_ALLOC.
 */
#define DTRACE_OPT_MAXSIZE	(1ull << 40) /* the four sizes */
#define DTRACE_OPT_MINBUFSIZE	4096ull
#define DTRACE_OPT_MAXNSPEC	65536ull
#define DTRACE_OPT_MINSTRSIZE	2ull
#define DTRACE_OPT_MAXSTRSIZE	65536ull
#define DTRACE_OPT_MAXSCRATCH	(16ull << 20)
#define DTRACE_OPT_MAXJSTACKSTR (1ull << 20)

/* The largest one allocation the module makes (kvmalloc's own bound). */
#define DTRACE_MAX_ALLOC 0x7fffffffull

/* Action arguments that size a record: stack()/ustack() frames, bytes. */
#define DTRACE_MAX_FRAMES   1024
#define DTRACE_MAX_TRACEMEM (64u << 10)
#define DTRACE_MAX_USTRSIZE (64u << 10)

/*
 * ustack() stack bytes copied for the consumer's unwinding (-x
 * ustackbytes, a multiple of 8): the most a record holds, and the
 * default, 8 KiB as perf's: it holds ordinary call chains, and the cost
 * per firing grows with the bytes reserved (doc/performance.md).
 */
#define DTRACE_MAX_USTACKBYTES	   (64u << 10)
#define DTRACE_DEFAULT_USTACKBYTES (8u << 10)

/* A program: DIFOs, action entries of one clause, ECBs of one state. */
#define DTRACE_MAX_DIFOS       (1u << 18)
#define DTRACE_MAX_CLAUSE_ACTS 65536u
#define DTRACE_MAX_ECBS	       (1u << 22)

/*
 * Layouts, summed in 64 bits: the data of one ECB's record (after its
 * 16-byte header), one aggregation entry (key records and value), one
 * by-reference type (a value, a variable; strings are strsize), and all
 * by-reference globals (or all clause-locals of one CPU) together.
 */
#define DTRACE_MAX_RECSIZE    (16u << 20)
#define DTRACE_MAX_AGGENTSIZE (16u << 20)
#define DTRACE_BYREF_MAX      (1u << 20)
#define DTRACE_MAX_VARSTORE   (1u << 30)

/* Aggregation hash slots per buffer (aggsize / 16, a power of 2). */
#define DTRACE_MIN_AGGSLOTS 64u
#define DTRACE_MAX_AGGSLOTS (1u << 24)

/*
 * A speculation buffer (specsize is lowered to it at GO): commit() copies
 * a whole one with interrupts off, and is charged for it (§2).
 */
#define DTRACE_MAX_SPECSIZE (1u << 20)

/* Dynamic variable entries (dynvarsize / entry size, at most this). */
#define DTRACE_MAX_DYNVARS (1u << 24)

/* -- Time with interrupts off: the cost of one firing (§2) -- */

/* Bytes one copyout()/copyoutstr() may write to user memory. */
#define DTRACE_COPYOUT_MAX 65536u

/*
 * A clause's worst-case cost, in units of about one byte of string work
 * (core/dif_cost.c): every instruction of its predicate and action
 * DIFOs, the bytes each string op, subroutine, variable copy and
 * dynamic-variable key may touch (strsize per string), the bytes a bulk
 * copy may move (the scratch area per copyin, bcopy, alloca..., a word
 * per unit), each action and the bytes it records. ENABLE refuses a
 * clause whose cost is above DTRACE_CLAUSE_COST_MAX: about 2 ms of one
 * CPU with interrupts off (doc/limits.md §2 has the measurements).
 */
#define DTRACE_COST_INSTR      4  /* any DIF instruction */
#define DTRACE_COST_LOAD       16 /* a fault-tolerant load, a built-in */
#define DTRACE_COST_ACTION     64 /* an action, besides its bytes */
#define DTRACE_COST_FRAME      64 /* a stack frame walked */
#define DTRACE_COST_BULK       8  /* bytes of a bulk copy per unit */
#define DTRACE_CLAUSE_COST_MAX (1ull << 20)

/*
 * One firing of a probe runs every ECB on it, of every state: ENABLE
 * refuses to attach an ECB that would bring the sum of the costs of a
 * probe's ECBs (probe->cost) above DTRACE_FIRING_COST_MAX. Each ECB's
 * cost is its clause's plus the zeroing of its state's clause-locals.
 * Faults fire dtrace:::ERROR, whose own sum is bounded the same way; one
 * firing runs ERROR while the ERROR work it has charged (the ERROR
 * probe's sum per fault) stays within DTRACE_ERROR_COST_MAX; later
 * faults count a double error. A firing is thus at most the sum of the
 * two (doc/limits.md §2).
 */
#define DTRACE_FIRING_COST_MAX (1ull << 23)
#define DTRACE_ERROR_COST_MAX  (1ull << 23)

/*
 * Entries one dynamic-variable lookup walks in its hash chain (the hash
 * is seeded per store, so keys cannot be chosen to collide); past it the
 * variable is taken as absent and a store counts a dynamic drop.
 */
#define DTRACE_DYN_CHAIN_MAX 32

/* chill(): at most this much spinning per window, per CPU, all states. */
#define DTRACE_CHILL_WINDOW_NS 1000000000ull
#define DTRACE_CHILL_MAX_NS    500000000ull

/* -- Time in ioctls (§3) -- */

/*
 * Loops outside probe context over ECBs and dynamic variables whose
 * steps cost alike yield (cond_resched) and notice a killed caller
 * every this many steps (a power of two); the validation and costing of
 * each DIFO (up to 65,536 instructions) yield once.
 */
#define DTRACE_YIELD_EVERY 256
/*
 * Loops whose steps differ in cost (ECB creation: one unit per action;
 * probe matching: one per probe compared, more for long descriptions)
 * yield every this many units (a power of two): some tens of
 * microseconds of work at most between two yields.
 */
#define DTRACE_YIELD_UNITS 4096

/* -- The unprivileged helper door (§4) -- */

/*
 * DTRACEHIOC_ADDPROG is open to every process, about its own probes
 * (USDT). What one call may bring (E2BIG past it): the program's bytes,
 * a probe's argument-type string with its NUL.
 */
#define DTRACE_HELPER_MAXSIZE	   (2u << 20)
#define DTRACE_HELPER_ARGTYPES_MAX 1024u
/*
 * What one process may have registered at once (ENOSPC past it):
 * generations (ADDPROG calls not removed), providers, probes, probe
 * sites, and the kernel memory they take (bytes, counted from the
 * structures' sizes and the strings).
 */
#define DTRACE_HELPER_PROC_GENS	     1024u
#define DTRACE_HELPER_PROC_PROVIDERS 64u
#define DTRACE_HELPER_PROC_PROBES    8192u
#define DTRACE_HELPER_PROC_SITES     32768u
#define DTRACE_HELPER_PROC_BYTES     (16u << 20)
/*
 * What all processes together may have registered (ENOSPC past it): the
 * rest of the probe ids (DTRACE_PROBE_MAX, 1048576) and of the uprobe
 * sites (module parameter uprobe_max_sites, 100000) stays for the
 * kernel's and the pid provider's probes.
 */
#define DTRACE_HELPER_PROVIDERS 4096u
#define DTRACE_HELPER_PROBES	65536u
#define DTRACE_HELPER_SITES	65536u
#define DTRACE_HELPER_BYTES	(64u << 20)
/*
 * What the processes of one user (real uid) may have registered at once
 * (ENOSPC past it): half of each global pool, so that one user never
 * takes it all, and one process still reaches each per-process limit.
 * Root counts only against the global pool.
 */
#define DTRACE_HELPER_USER_PROVIDERS (DTRACE_HELPER_PROVIDERS / 2)
#define DTRACE_HELPER_USER_PROBES    (DTRACE_HELPER_PROBES / 2)
#define DTRACE_HELPER_USER_SITES     (DTRACE_HELPER_SITES / 2)
#define DTRACE_HELPER_USER_BYTES     (DTRACE_HELPER_BYTES / 2)

#endif /* _DTRACE_UAPI_LIMITS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * port.h: everything kernel/core may call outside itself.
 *
 * core/ is plain C that builds twice: into dtrace.ko (kernel/linux/
 * port_linux.c implements these hooks) and into libdtkcore.a for tests
 * (kernel/user/port_user.c). Nothing in core/ includes an OS header; the
 * few conditionals below are the only place the two builds differ.
 *
 * Context rules: hooks marked [probe] may be called in probe context
 * (interrupts off, any CPU, possibly NMI-like); the others only from the
 * ioctl/module paths, which may sleep.
 */
#ifndef _DTRACE_CORE_PORT_H
#define _DTRACE_CORE_PORT_H

#include "dtrace/types.h"
#include "dtrace/limits.h"

#ifdef __KERNEL__
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/smp.h>
/*
 * A computed-goto table objtool can follow (as the BPF interpreter's);
 * its section is the kernel's to name (it moved in 6.12).
 */
#define DTRACE_JUMP_TABLE __annotate_jump_table
#else
#define DTRACE_JUMP_TABLE
#include <errno.h>
#include <stdbool.h>
#endif
/*
 * A computed-goto interpreter keeps one dispatch per handler only if
 * GCC's global CSE does not merge them: the module builds dif_emulate.o
 * with -fno-gcse (kernel/Kbuild, as the kernel's BPF interpreter), the
 * userspace build marks the function.
 */
#if !defined(__KERNEL__) && defined(__GNUC__) && !defined(__clang__)
#define DTRACE_NO_GCSE __attribute__((optimize("-fno-gcse")))
#else
#define DTRACE_NO_GCSE
#endif

/*
 * The probe path's layout (fire.c): its common case in one frame, the
 * rest out of line. Both compilers that build core/ take these.
 */
#define DTRACE_INLINE	__attribute__((__always_inline__)) inline
#define DTRACE_NOINLINE __attribute__((__noinline__))
/*
 * A local the probe path sets itself, not zeroed first where the kernel
 * zeroes every local (CONFIG_INIT_STACK_ALL_ZERO).
 */
#if defined(__has_attribute) && __has_attribute(__uninitialized__)
#define DTRACE_UNINIT __attribute__((__uninitialized__))
#else
#define DTRACE_UNINIT
#endif

/* Memory: zeroed, may sleep, any size (small or many megabytes). */
void *dtrace_port_zalloc(size_t size);
void dtrace_port_free(void *p);
/*
 * Bytes one group of a state's allocations (its buffers, its
 * speculations, its dynamic variables) may take: GO refuses a larger
 * group with ENOMEM rather than starving the system.
 */
uint64_t dtrace_port_mem_budget(void);

/*
 * Fault-tolerant copies [probe]: 0 on success; -EPERM when the address is
 * in the wrong half of the address space (a kernel load of a user address
 * other than the NULL page, a user load of a kernel address); another
 * negative errno when any byte of [addr, addr + n) cannot be read. kload
 * reads kernel memory, uload the current task's user memory (pages that
 * are not present are not faulted in).
 */
int dtrace_port_kload(void *dst, uintptr_t addr, size_t n);
int dtrace_port_uload(void *dst, uintptr_t addr, size_t n);
/*
 * kload from the 4 KiB that a kload of the same firing read [probe]:
 * what kload checks once per page (not device memory) still holds while
 * the firing runs, so a string walk asks once per page.
 */
int dtrace_port_kload_again(void *dst, uintptr_t addr, size_t n);

/*
 * May a program be enabled here (ENABLE)? 0, or -EPERM with msg (size
 * bytes) saying why: kernel lockdown forbids reading kernel memory, or
 * writing user memory for a destructive program.
 */
int dtrace_port_lockdown(bool destructive, char *msg, size_t size);

/*
 * The ioctl caller's memory (ioctl context, may sleep and fault pages
 * in): 0, or -EFAULT when any byte of [uaddr, uaddr + n) cannot be
 * read or written. The in-process device's "user" memory is its own.
 */
int dtrace_port_copyin(void *dst, uint64_t uaddr, size_t n);
int dtrace_port_copyout(uint64_t uaddr, const void *src, size_t n);
/* The lock every ioctl holds around its work on the core (dtrace_lock). */
void dtrace_port_lock(void);
void dtrace_port_unlock(void);

/* 64 random bits (ioctl context): the dynamic-variable hash seed. */
uint64_t dtrace_port_random(void);

/* Time [probe]: monotonic ns, and ns since the epoch. */
uint64_t dtrace_port_gethrtime(void);
int64_t dtrace_port_walltime(void);

/*
 * CPUs. cpu() [probe]; ncpus(): highest possible CPU id + 1.
 * Interrupts [probe]. Every firing calls these three: inline in the
 * module, where a call and a return each are a short firing's cost.
 */
#ifdef __KERNEL__
static DTRACE_INLINE uint32_t dtrace_port_cpu(void)
{
	return raw_smp_processor_id();
}

static DTRACE_INLINE unsigned long dtrace_port_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

static DTRACE_INLINE void dtrace_port_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}
#else
uint32_t dtrace_port_cpu(void);
unsigned long dtrace_port_irq_save(void);
void dtrace_port_irq_restore(unsigned long flags);
#endif
uint32_t dtrace_port_ncpus(void);
bool dtrace_port_cpu_possible(uint32_t cpu);

/* Run fn(arg) on CPU cpu with interrupts off there, and wait. */
int dtrace_port_xcall(uint32_t cpu, void (*fn)(void *), void *arg);

/*
 * Wait until every probe firing that started before the call has ended
 * (firings run with interrupts off, so an RCU grace period does it).
 */
void dtrace_port_sync(void);

/*
 * The same wait for a consumer blocked on its own state (STOP, the
 * close of a state): only CAP_SYS_ADMIN callers make states, once each a
 * session. The module expedites the grace period (the original
 * dtrace_sync() cross-called every CPU too): a normal one is several
 * ticks, most of the start-up of BEGIN { exit(0); } (issue 29).
 */
void dtrace_port_sync_expedited(void);

/*
 * Long loops outside probe context call this: it lets others run
 * (cond_resched) and returns true when the caller has been killed, and
 * the loop should end with -EINTR.
 */
bool dtrace_port_yield(void);

static inline int dtrace_yield(void)
{
	return dtrace_port_yield() ? -EINTR : 0;
}

/* dtrace_yield() at every DTRACE_YIELD_EVERY-th step i of a loop. */
static inline int dtrace_yield_every(uint64_t i)
{
	if ((i & (DTRACE_YIELD_EVERY - 1)) != DTRACE_YIELD_EVERY - 1)
		return 0;
	return dtrace_yield();
}

/*
 * For loops whose steps differ in cost: *work sums the units of the
 * steps so far (an action laid out, a probe compared, a string byte
 * hashed); dtrace_yield() once they reach DTRACE_YIELD_UNITS, so the
 * work between two yields is bounded whatever one step costs.
 */
static inline int dtrace_yield_work(uint64_t *work, uint64_t units)
{
	*work += units;
	if (*work < DTRACE_YIELD_UNITS)
		return 0;
	*work = 0;
	return dtrace_yield();
}

/*
 * Steps of the ENABLE loops whose growth the kcore tests watch (probes
 * compared, list links followed, format bytes compared, the validator's
 * variable-table searches and sort); the userspace build counts them,
 * the module does not.
 */
enum dtrace_tally {
	DTRACE_STEP_PROBE,  /* a probe compared with a description */
	DTRACE_STEP_LINK,   /* an ECB list link followed */
	DTRACE_STEP_FORMAT, /* a format string compared or hashed */
	DTRACE_STEP_VARTAB, /* a vartab binary-search probe */
	DTRACE_STEP_SORT,   /* a heap sift of dtrace_sort_u32() */
	DTRACE_STEP_NSTEPS
};
#ifdef __KERNEL__
#define dtrace_port_tally(what, n) ((void)0)
#else
void dtrace_port_tally(enum dtrace_tally what, uint64_t n);
#endif

/* Atomic compare-and-swap [probe]; returns the old value. */
uint32_t dtrace_port_cas32(uint32_t *p, uint32_t old, uint32_t val);

/* The current task [probe]. */
enum dtrace_task_field {
	DTRACE_TASK_CURTHREAD, /* task pointer */
	DTRACE_TASK_PID,       /* thread group id */
	DTRACE_TASK_TID,
	DTRACE_TASK_PPID,
	DTRACE_TASK_UID,
	DTRACE_TASK_GID,
	DTRACE_TASK_EUID,
	DTRACE_TASK_EGID,
	DTRACE_TASK_PGID,
	DTRACE_TASK_SID,
	DTRACE_TASK_VTIME, /* ns on CPU */
};
uint64_t dtrace_port_task(enum dtrace_task_field f);

#define DTRACE_COMMLEN 16
/* Copies the task's command name, NUL-terminated, into buf[DTRACE_COMMLEN]. */
void dtrace_port_comm(char *buf);

/* Kernel stack [probe]: fills at most n return addresses, returns count. */
uint32_t dtrace_port_stack(uint64_t *pcs, uint32_t n);
/* Kernel stack depth at the probe [probe]. */
uint32_t dtrace_port_stackdepth(void);
/*
 * User stack of the current thread [probe]: pcs[0] is the user pc, then
 * return addresses found by walking frame pointers; returns the count
 * (0 for kernel threads). pcs == NULL: only count, up to n.
 */
uint32_t dtrace_port_ustack(uint64_t *pcs, uint32_t n);
struct dtrace_ustack_regs;
/*
 * The user registers at the probe and at most n bytes of the user stack
 * from its stack pointer up into buf [probe]: without faulting, a page
 * that cannot be read ends the copy (r->dtur_len the bytes copied);
 * r->dtur_flags stays 0 outside a user context.
 */
void dtrace_port_ustack_copy(struct dtrace_ustack_regs *r, uint8_t *buf,
			     uint32_t n);

/* D's cpuinfo_t (sched.d): the layout curcpu points to. */
struct dtrace_cpuinfo {
	int32_t cpu_id;	  /* processorid_t */
	int32_t cpu_pset; /* psetid_t: -1, Linux has no processor sets */
	int32_t cpu_chip; /* chipid_t: physical package */
	int32_t cpu_lgrp; /* lgrp_id_t: NUMA node */
};
/* This CPU's cpuinfo_t, filled now, in per-CPU memory [probe]. */
const struct dtrace_cpuinfo *dtrace_port_cpuinfo(void);

/* Interrupt level [probe]: 0 task, 1 softirq, 2 hardirq, 3 NMI. */
uint32_t dtrace_port_ipl(void);
/*
 * uregs[ndx] of the current thread [probe]: 0; -ENOENT without user
 * registers (kernel thread); -ERANGE past the last register.
 */
int dtrace_port_uregs(uint32_t ndx, uint64_t *val);

/* Lock queries on a kernel lock object at addr [probe]; -EFAULT. */
enum dtrace_lockq {
	DTRACE_MUTEX_OWNED,
	DTRACE_MUTEX_OWNER,
	DTRACE_RW_READ_HELD,
	DTRACE_RW_WRITE_HELD,
	DTRACE_RW_ISWRITER,
};
int dtrace_port_lockq(enum dtrace_lockq q, uintptr_t addr, uint64_t *out);
/* Is the current process pid or one of its descendants? [probe] */
bool dtrace_port_progenyof(uint64_t pid);
/* The current process's file for fd (no reference taken), or 0 [probe]. */
uint64_t dtrace_port_getf(int64_t fd);
/*
 * Non-faulting write to user memory [probe]: 0, -EPERM (a kernel
 * address), -EFAULT (unmapped, or no user address space of the current
 * process here: kernel thread, exiting task, another mm loaded).
 */
int dtrace_port_ustore(uintptr_t addr, const void *src, size_t n);
/*
 * Destructive actions [probe]: send sig to the current thread soon
 * (deferred out of probe context); busy-wait ns nanoseconds.
 */
int dtrace_port_raise(int sig);
int dtrace_port_stop_process(void); /* SIGSTOP to the current process */
void dtrace_port_spin(uint64_t ns);

/*
 * Paths [probe]: where d_path() (core/dif_subr_path.c) finds the fields
 * it follows, as byte offsets: struct path {mnt, dentry}; a dentry's
 * parent, name pointer and 32-bit name length; a vfsmount's root dentry;
 * the mount around a vfsmount (mount_mnt: the vfsmount's offset in it)
 * and its parent mount and mountpoint dentry. mounts: those last three
 * are known (else the walk stops at the first mount root). NULL: no
 * d_path() on this system.
 */
struct dtrace_path_layout {
	uint32_t path_mnt, path_dentry;
	uint32_t dentry_parent, dentry_name, dentry_len;
	uint32_t mnt_root;
	uint32_t mount_mnt, mount_parent, mount_mountpoint;
	bool mounts;
};
const struct dtrace_path_layout *dtrace_port_path_layout(void);
/* The current task's root (root) or cwd struct path's address, or 0. */
uint64_t dtrace_port_fs_path(bool root);

/* Single-copy accesses for data shared with probe context. */
#define DTRACE_READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define DTRACE_WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
/* Publish a fully initialised object to probe context. */
#define DTRACE_PUBLISH(x, v)                             \
	do {                                             \
		__atomic_thread_fence(__ATOMIC_RELEASE); \
		DTRACE_WRITE_ONCE(x, v);                 \
	} while (0)

#define dtrace_memcpy(d, s, n)	__builtin_memcpy((d), (s), (n))
#define dtrace_memset(d, c, n)	__builtin_memset((d), (c), (n))
#define dtrace_memcmp(a, b, n)	__builtin_memcmp((a), (b), (n))
#define dtrace_memmove(d, s, n) __builtin_memmove((d), (s), (n))

#endif /* _DTRACE_CORE_PORT_H */

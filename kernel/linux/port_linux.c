// SPDX-License-Identifier: GPL-2.0
/*
 * core/port.h on Linux. The probe-context hooks use only NMI-safe,
 * non-sleeping primitives: the *_nofault copies, the fast clock
 * accessors, the current task without locks.
 */
#include <linux/cpumask.h>
#include <linux/cred.h>
#include <linux/irqflags.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>

#include "core/port.h"
#include "linux/glue.h"

void *dtrace_port_zalloc(size_t size)
{
	return kvzalloc(size, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
}

void dtrace_port_free(void *p)
{
	kvfree(p);
}

int dtrace_port_kload(void *dst, uintptr_t addr, size_t n)
{
	if (addr < PAGE_SIZE)
		return -EFAULT;
	if (addr < TASK_SIZE_MAX)
		return -EPERM;
	return copy_from_kernel_nofault(dst, (const void *)addr, n) ? -EFAULT
								      : 0;
}

int dtrace_port_uload(void *dst, uintptr_t addr, size_t n)
{
	if (addr >= TASK_SIZE_MAX || n > TASK_SIZE_MAX - addr)
		return -EPERM;
	return copy_from_user_nofault(dst, (const void __user *)addr, n) ?
	       -EFAULT : 0;
}

uint64_t dtrace_port_gethrtime(void)
{
	return ktime_get_mono_fast_ns();
}

int64_t dtrace_port_walltime(void)
{
	return (int64_t)ktime_get_real_fast_ns();
}

uint32_t dtrace_port_cpu(void)
{
	return raw_smp_processor_id();
}

uint32_t dtrace_port_ncpus(void)
{
	return nr_cpu_ids;
}

bool dtrace_port_cpu_possible(uint32_t cpu)
{
	return cpu < nr_cpu_ids && cpu_possible(cpu);
}

int dtrace_port_xcall(uint32_t cpu, void (*fn)(void *), void *arg)
{
	return smp_call_function_single(cpu, fn, arg, 1);
}

unsigned long dtrace_port_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

void dtrace_port_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

void dtrace_port_sync(void)
{
	/* Firings run with interrupts off: a grace period covers them. */
	synchronize_rcu();
}

uint32_t dtrace_port_cas32(uint32_t *p, uint32_t old, uint32_t val)
{
	return cmpxchg(p, old, val);
}

static uint64_t ppid(void)
{
	uint64_t v;

	rcu_read_lock();
	v = task_tgid_nr(rcu_dereference(current->real_parent));
	rcu_read_unlock();
	return v;
}

uint64_t dtrace_port_task(enum dtrace_task_field f)
{
	const struct cred *cred = current_cred();

	switch (f) {
	case DTRACE_TASK_CURTHREAD:
		return (uintptr_t)current;
	case DTRACE_TASK_PID:
		return task_tgid_nr(current);
	case DTRACE_TASK_TID:
		return task_pid_nr(current);
	case DTRACE_TASK_PPID:
		return ppid();
	case DTRACE_TASK_UID:
		return from_kuid_munged(&init_user_ns, cred->uid);
	case DTRACE_TASK_GID:
		return from_kgid_munged(&init_user_ns, cred->gid);
	case DTRACE_TASK_EUID:
		return from_kuid_munged(&init_user_ns, cred->euid);
	case DTRACE_TASK_EGID:
		return from_kgid_munged(&init_user_ns, cred->egid);
	case DTRACE_TASK_PGID:
		return task_pgrp_nr_ns(current, &init_pid_ns);
	case DTRACE_TASK_SID:
		return task_session_nr_ns(current, &init_pid_ns);
	case DTRACE_TASK_VTIME:
		return current->se.sum_exec_runtime;
	}
	return 0;
}

void dtrace_port_comm(char *buf)
{
	/* No task_lock in probe context: a racy copy, always terminated. */
	memcpy(buf, current->comm, DTRACE_COMMLEN);
	buf[DTRACE_COMMLEN - 1] = '\0';
}

#define STACK_MAX	1024	/* DTRACE_MAX_FRAMES */
#define STACK_EXTRA	32	/* room for our own frames, dropped */

struct stackbuf {
	unsigned long	pcs[STACK_MAX + STACK_EXTRA];
};
static struct stackbuf __percpu *dtrace_stackbuf;

int dtrace_port_linux_init(void)
{
	dtrace_stackbuf = alloc_percpu(struct stackbuf);
	return dtrace_stackbuf != NULL ? 0 : -ENOMEM;
}

void dtrace_port_linux_exit(void)
{
	free_percpu(dtrace_stackbuf);
	dtrace_stackbuf = NULL;
}

/* Interrupts are off and the core's guard stops nesting: the buffer is ours. */
uint32_t dtrace_port_stack(uint64_t *pcs, uint32_t n)
{
	unsigned long *buf = this_cpu_ptr(dtrace_stackbuf)->pcs;
	unsigned int got, skip = 0, i;

	if (n > STACK_MAX)
		n = STACK_MAX;
	got = stack_trace_save(buf, n + STACK_EXTRA, 0);
	while (skip < got && within_module(buf[skip], THIS_MODULE))
		skip++;
	for (i = 0; i + skip < got && i < n; i++)
		pcs[i] = buf[i + skip];
	return i;
}

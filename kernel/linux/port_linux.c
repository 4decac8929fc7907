// SPDX-License-Identifier: GPL-2.0
/*
 * core/port.h on Linux. The probe-context hooks use only NMI-safe,
 * non-sleeping primitives: the *_nofault copies, the fast clock
 * accessors, the current task without locks.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/fdtable.h>
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/mutex.h>
#include <linux/rwlock.h>
#include <linux/sched/task.h>
#include <linux/sched/task_stack.h>
#include <linux/spinlock.h>
#include <linux/cred.h>
#include <linux/irqflags.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>
#include <asm/unwind.h>

#include "core/port.h"
#include "dtrace/ustack.h"
#include "linux/glue.h"
#include "linux/kernel_compat.h"

void *dtrace_port_zalloc(size_t size)
{
	if (size > INT_MAX) /* kvmalloc warns beyond; callers shrink */
		return NULL;
	return kvzalloc(size, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
}

void dtrace_port_free(void *p)
{
	kvfree(p);
}

/* Half of what the system could still give without swapping. */
uint64_t dtrace_port_mem_budget(void)
{
	return ((uint64_t)si_mem_available() << PAGE_SHIFT) / 2;
}

int dtrace_port_copyin(void *dst, uint64_t uaddr, size_t n)
{
	return copy_from_user(dst, u64_to_user_ptr(uaddr), n) != 0 ? -EFAULT :
								     0;
}

int dtrace_port_copyout(uint64_t uaddr, const void *src, size_t n)
{
	return copy_to_user(u64_to_user_ptr(uaddr), src, n) != 0 ? -EFAULT : 0;
}

void dtrace_port_lock(void)
{
	mutex_lock(&dtrace_lock);
}

void dtrace_port_unlock(void)
{
	mutex_unlock(&dtrace_lock);
}

uint64_t dtrace_port_gethrtime(void)
{
	return ktime_get_mono_fast_ns();
}

uint64_t dtrace_port_random(void)
{
	return get_random_u64();
}

int64_t dtrace_port_walltime(void)
{
	return (int64_t)ktime_get_real_fast_ns();
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

void dtrace_port_sync(void)
{
	/* Firings run with interrupts off: a grace period covers them. */
	synchronize_rcu();
}

void dtrace_port_sync_expedited(void)
{
	synchronize_rcu_expedited(); /* rcupdate.rcu_normal=1: a normal one */
}

bool dtrace_port_yield(void)
{
	cond_resched();
	return fatal_signal_pending(current);
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

#define STACK_MAX   1024 /* DTRACE_MAX_FRAMES */
#define STACK_EXTRA 48	 /* room for our own and the mechanism's frames */

struct stackbuf {
	unsigned long pcs[STACK_MAX + STACK_EXTRA];
};
static struct stackbuf __percpu *dtrace_stackbuf;

/* raise(): one pending signal per CPU, sent from an irq_work. */
struct raiser {
	struct irq_work work;
	struct task_struct *task;
	int sig;
};
static struct raiser __percpu *dtrace_raisers;

static void raise_work(struct irq_work *w)
{
	struct raiser *r = container_of(w, struct raiser, work);
	struct task_struct *t = xchg(&r->task, NULL);

	if (t != NULL) {
		send_sig(r->sig, t, 0);
		put_task_struct(t);
	}
}

int dtrace_port_raise(int sig)
{
	struct raiser *r = this_cpu_ptr(dtrace_raisers);

	if (sig <= 0 || sig >= _NSIG || (current->flags & PF_KTHREAD))
		return -EINVAL;
	if (READ_ONCE(r->task) != NULL)
		return -EBUSY; /* one in flight on this CPU */
	get_task_struct(current);
	r->sig = sig;
	WRITE_ONCE(r->task, current);
	irq_work_queue(&r->work);
	return 0;
}

int dtrace_port_stop_process(void)
{
	return dtrace_port_raise(SIGSTOP);
}

int dtrace_port_linux_init(void)
{
	int cpu;

	dtrace_stackbuf = alloc_percpu(struct stackbuf);
	dtrace_raisers = alloc_percpu(struct raiser);
	if (dtrace_stackbuf == NULL || dtrace_raisers == NULL) {
		dtrace_port_linux_exit();
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu)
		init_irq_work(&per_cpu_ptr(dtrace_raisers, cpu)->work,
			      raise_work);
	dtrace_port_path_init();
	return 0;
}

void dtrace_port_linux_exit(void)
{
	int cpu;

	if (dtrace_raisers != NULL) {
		for_each_possible_cpu(cpu) {
			struct raiser *r = per_cpu_ptr(dtrace_raisers, cpu);

			irq_work_sync(&r->work);
			if (r->task != NULL)
				put_task_struct(r->task);
		}
	}
	free_percpu(dtrace_raisers);
	free_percpu(dtrace_stackbuf);
	dtrace_raisers = NULL;
	dtrace_stackbuf = NULL;
}

/* Interrupts are off and the core's guard stops nesting: the buffer is ours. */
DEFINE_PER_CPU(struct dtrace_kstack_hint, dtrace_kstack_hint);

#define KSTACK_ENTRY_SPAN 16 /* fentry call or int3, after ENDBR */

/* Index of the probe's first frame in buf[0..got): see dtrace_kstack_hint. */
static unsigned int kstack_skip(const unsigned long *buf, unsigned int got)
{
	const struct dtrace_kstack_hint *h = this_cpu_ptr(&dtrace_kstack_hint);
	unsigned int skip = 0, i;

	while (skip < got && within_module(buf[skip], THIS_MODULE))
		skip++;
	if (h->pc == 0)
		return skip;
	for (i = skip; i < got; i++) {
		if (!h->after_entry && buf[i] == h->pc)
			return i;
		if (h->after_entry && buf[i] >= h->pc &&
		    buf[i] < h->pc + KSTACK_ENTRY_SPAN)
			return i + 1;
	}
	return skip; /* the unwinder lost it: keep what we have */
}

/*
 * Unwinds from st into buf[got..n). A frame returning into fbt's return
 * trampoline (fbt_ret.c) is where the unwinder stops: the original
 * return address is in fbt's table under the slot just below st's stack
 * pointer, and the walk goes on from there as from an interrupt's regs.
 */
static unsigned int kstack_walk(struct unwind_state *st, unsigned long *buf,
				unsigned int got, unsigned int n)
{
	struct pt_regs regs;
	unsigned long pc;

	while (!unwind_done(st) && got < n) {
		pc = unwind_get_return_address(st);
		if (DTRACE_FBT_RET_TRAMP != 0 && pc == DTRACE_FBT_RET_TRAMP) {
			memset(&regs, 0, sizeof(regs));
			regs.ip = dtrace_fbt_ret_orig((unsigned long *)st->sp -
						      1);
			regs.sp = st->sp;
			regs.bp = st->bp;
			if (regs.ip == 0)
				break;
			buf[got++] = regs.ip;
			/* From regs, the unwinder starts past regs.ip. */
			unwind_start(st, current, &regs, NULL);
			continue;
		}
		if (pc == 0)
			break;
		buf[got++] = pc;
		unwind_next_frame(st);
	}
	return got;
}

/* The probe's frames in buf, the first at buf[*skip]; returns the count. */
static unsigned int kstack_save(unsigned long *buf, unsigned int n,
				unsigned int *skip)
{
	const struct pt_regs *regs = __this_cpu_read(dtrace_kstack_hint.regs);
	struct unwind_state st;
	unsigned int got;

	if (regs != NULL) { /* regs->ip, then the unwinder past it */
		*skip = 0;
		if (n == 0)
			return 0;
		buf[0] = regs->ip;
		unwind_start(&st, current, (struct pt_regs *)regs, NULL);
		return kstack_walk(&st, buf, 1, n);
	}
	unwind_start(&st, current, NULL, NULL);
	got = kstack_walk(&st, buf, 0, n + STACK_EXTRA);
	*skip = kstack_skip(buf, got);
	return got;
}

uint32_t dtrace_port_stack(uint64_t *pcs, uint32_t n)
{
	unsigned long *buf = this_cpu_ptr(dtrace_stackbuf)->pcs;
	unsigned int got, skip, i;

	if (n > STACK_MAX)
		n = STACK_MAX;
	got = kstack_save(buf, n, &skip);
	for (i = 0; i + skip < got && i < n; i++)
		pcs[i] = buf[i + skip];
	return i;
}

uint32_t dtrace_port_stackdepth(void)
{
	unsigned long *buf = this_cpu_ptr(dtrace_stackbuf)->pcs;
	unsigned int skip, got = kstack_save(buf, STACK_MAX, &skip);

	return got - skip;
}

DEFINE_PER_CPU(bool, dtrace_ustack_at_entry);
DEFINE_PER_CPU(uint32_t, dtrace_ustack_sp_skip);

/* Refilled at each read: topology can change with CPU hotplug. */
static DEFINE_PER_CPU(struct dtrace_cpuinfo, dtrace_cpuinfo);

const struct dtrace_cpuinfo *dtrace_port_cpuinfo(void)
{
	struct dtrace_cpuinfo *ci = this_cpu_ptr(&dtrace_cpuinfo);
	int cpu = smp_processor_id();

	ci->cpu_id = cpu;
	ci->cpu_pset = -1;
	ci->cpu_chip = topology_physical_package_id(cpu);
	ci->cpu_lgrp = cpu_to_node(cpu);
	return ci;
}

/*
 * Frame-pointer walk of the user stack (x86-64: rbp chain). At a
 * function's entry its caller's pc is the word at the stack pointer:
 * the rbp chain starts one frame further up.
 */
uint32_t dtrace_port_ustack(uint64_t *pcs, uint32_t n)
{
#ifdef CONFIG_X86_64
	struct pt_regs *regs;
	unsigned long fp, frame[2], ret;
	uint32_t i = 0;

	if ((current->flags & PF_KTHREAD) || current->mm == NULL || n == 0)
		return 0;
	regs = task_pt_regs(current);
	if (pcs != NULL)
		pcs[i] = regs->ip;
	i++;
	if (i < n && __this_cpu_read(dtrace_ustack_at_entry) &&
	    !copy_from_user_nmi(&ret, (void __user *)regs->sp, sizeof(ret)) &&
	    ret != 0) {
		if (pcs != NULL)
			pcs[i] = ret;
		i++;
	}
	fp = regs->bp;
	while (i < n && fp != 0 && (fp & 7) == 0) {
		if (copy_from_user_nmi(frame, (void __user *)fp,
				       sizeof(frame)) ||
		    frame[1] == 0)
			break;
		if (pcs != NULL)
			pcs[i] = frame[1];
		i++;
		if (frame[0] <= fp)
			break; /* frames must go up the stack */
		fp = frame[0];
	}
	return i;
#else
	return 0;
#endif
}

/*
 * The stack is copied a page at a time so that a page that cannot be
 * read (not present, or past the stack's end) ends the copy there:
 * copy_from_user_nmi() neither faults nor sleeps, so this is safe with
 * interrupts off and in NMI, and bounded by n.
 */
void dtrace_port_ustack_copy(struct dtrace_ustack_regs *r, uint8_t *buf,
			     uint32_t n)
{
#ifdef CONFIG_X86_64
	struct pt_regs *regs;
	unsigned long sp, chunk;
	uint32_t got = 0;

	if ((current->flags & PF_KTHREAD) || current->mm == NULL)
		return;
	regs = task_pt_regs(current);
	if (!user_mode(regs))
		return;
	sp = regs->sp + __this_cpu_read(dtrace_ustack_sp_skip);
	r->dtur_pc = regs->ip;
	r->dtur_sp = sp;
	r->dtur_fp = regs->bp;
	r->dtur_flags = DTRACE_USTACK_VALID;
	if (__this_cpu_read(dtrace_ustack_at_entry))
		r->dtur_flags |= DTRACE_USTACK_ENTRY;
	while (got < n) {
		chunk = PAGE_SIZE - ((sp + got) & ~PAGE_MASK);
		chunk = min_t(unsigned long, chunk, n - got);
		if (copy_from_user_nmi(buf + got,
				       (const void __user *)(sp + got), chunk))
			break;
		got += chunk;
	}
	r->dtur_len = got;
#endif
}

uint32_t dtrace_port_ipl(void)
{
	if (in_nmi())
		return 3;
	if (in_hardirq())
		return 2;
	return in_serving_softirq() ? 1 : 0;
}

#ifdef CONFIG_X86_64
/*
 * D's R_DS, R_ES, R_FS, R_GS and R_TRAPNO follow pt_regs' words. The
 * selectors in the CPU are the current thread's user ones: 64-bit
 * kernel code never loads them, the context switch does.
 */
static int uregs_past_ptregs(uint32_t ndx, uint64_t *val)
{
	unsigned short sel;

	switch (ndx - sizeof(struct pt_regs) / sizeof(unsigned long)) {
	case 0:
		savesegment(ds, sel);
		break;
	case 1:
		savesegment(es, sel);
		break;
	case 2:
		savesegment(fs, sel);
		break;
	case 3:
		savesegment(gs, sel);
		break;
	case 4:
		*val = current->thread.trap_nr;
		return 0;
	default:
		return -ERANGE;
	}
	*val = sel;
	return 0;
}
#else
static int uregs_past_ptregs(uint32_t ndx, uint64_t *val)
{
	return -ERANGE;
}
#endif

int dtrace_port_uregs(uint32_t ndx, uint64_t *val)
{
	struct pt_regs *regs;

	if ((current->flags & PF_KTHREAD) || current->mm == NULL)
		return -ENOENT;
	if (ndx >= sizeof(*regs) / sizeof(unsigned long))
		return uregs_past_ptregs(ndx, val);
	regs = task_pt_regs(current);
	*val = ((unsigned long *)regs)[ndx];
	return 0;
}

/* Reads a lock word without trusting the address. */
static int lockword(uintptr_t addr, size_t off, void *out, size_t n)
{
	if (addr < TASK_SIZE_MAX)
		return -EFAULT;
	return dtrace_port_kload(out, addr + off, n) != 0 ? -EFAULT : 0;
}

int dtrace_port_lockq(enum dtrace_lockq q, uintptr_t addr, uint64_t *out)
{
	unsigned long owner;
	u32 cnts;

	if (q == DTRACE_MUTEX_OWNED || q == DTRACE_MUTEX_OWNER) {
		if (lockword(addr, offsetof(struct mutex, owner), &owner,
			     sizeof(owner)))
			return -EFAULT;
		owner &= ~0x07ul; /* MUTEX_FLAGS */
		*out = q == DTRACE_MUTEX_OWNER ? owner : owner != 0;
		return 0;
	}
#ifndef CONFIG_PREEMPT_RT
	if (lockword(addr, offsetof(rwlock_t, raw_lock), &cnts, sizeof(cnts)))
		return -EFAULT;
	switch (q) {
	case DTRACE_RW_READ_HELD:
		*out = (cnts >> _QR_SHIFT) != 0;
		break;
	case DTRACE_RW_WRITE_HELD:
		*out = (cnts & _QW_WMASK) == _QW_LOCKED;
		break;
	default:
		*out = (cnts & (_QW_WMASK | _QW_WAITING)) != 0;
		break;
	}
	return 0;
#else
	return -EFAULT;
#endif
}

bool dtrace_port_progenyof(uint64_t pid)
{
	struct task_struct *t;
	bool found = false;
	int depth;

	rcu_read_lock();
	t = current;
	for (depth = 0; depth < 1024 && t != NULL; depth++) {
		if ((uint64_t)task_tgid_nr(t) == pid) {
			found = true;
			break;
		}
		if (t->pid == 0)
			break;
		t = rcu_dereference(t->real_parent);
	}
	rcu_read_unlock();
	return found;
}

uint64_t dtrace_port_getf(int64_t fd)
{
	struct files_struct *files = current->files;
	struct file *f = NULL;

	if (fd < 0 || fd > INT_MAX || files == NULL)
		return 0;
	rcu_read_lock();
	f = files_lookup_fd_raw(files, (unsigned int)fd);
	rcu_read_unlock();
	return (uintptr_t)f;
}

void dtrace_port_spin(uint64_t ns)
{
	uint64_t end = ktime_get_mono_fast_ns() + ns;

	while (ktime_get_mono_fast_ns() < end)
		cpu_relax();
}

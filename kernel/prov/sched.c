// SPDX-License-Identifier: GPL-2.0
/*
 * The sched provider: CPU scheduling, DTrace's names and arguments on
 * 6.1's tracepoints and, where there is none, kprobes on scheduler
 * functions (their entry runs in the context DTrace documents).
 *
 *   off-cpu, preempt, sleep  sched_switch, in the thread leaving the
 *                            CPU (preempt: it was preempted; sleep: it
 *                            blocks); off-cpu's args are the next thread
 *   on-cpu                   kprobe on finish_task_switch, which runs
 *                            first in the thread switched to
 *   wakeup                   sched_wakeup (in the waker, or on the
 *                            wakee's CPU for a queued remote wakeup)
 *   enqueue, dequeue         kprobe on enqueue_task_fair /
 *                            dequeue_task_fair (CFS run queues only)
 *   change-pri               sched_pi_setprio (priority inheritance)
 *   tick                     kprobe on scheduler_tick, in the thread
 *                            the clock interrupt found running
 *
 * lwpsinfo_t/psinfo_t arguments are the struct task_struct, cpuinfo_t
 * the CPU's number; the D library translates them (procfs.d, sched.d).
 */
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <trace/events/sched.h>

#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/sched.def"
#include "prov/stable_table.h"

/* stable_def.sel of the sched_switch probes. */
enum { SCHED_OFF_CPU, SCHED_PREEMPT, SCHED_SLEEP };

static DTRACE_SCHED_SWITCH(sched_switch, preempt, prev, next, prev_state)
{
	struct stable_probe *p = data;

	switch (p->def->sel) {
	case SCHED_OFF_CPU:
		stable_fire(p, (uintptr_t)next, 0, 0, 0);
		break;
	case SCHED_PREEMPT:
		if (preempt)
			stable_fire(p, 0, 0, 0, 0);
		break;
	case SCHED_SLEEP:
		if (!preempt && (dtrace_sched_switch_state(prev, prev_state) &
				 TASK_REPORT) != 0)
			stable_fire(p, 0, 0, 0, 0);
		break;
	}
}

static int sched_on_cpu(struct kprobe *kp, struct pt_regs *regs)
{
	stable_fire(stable_kprobe(kp), 0, 0, 0, 0);
	return 0;
}

static void sched_wakeup(void *data, struct task_struct *t)
{
	stable_fire(data, (uintptr_t)t, 0, 0, 0);
}

/* enqueue_task_fair(rq, p, flags), dequeue_task_fair(rq, p, flags). */
static int sched_queue(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *t = (struct task_struct *)regs_get_kernel_argument(
		regs, 1);

	stable_fire(stable_kprobe(kp), (uintptr_t)t, task_cpu(t), 0, 0);
	return 0;
}

static void sched_change_pri(void *data, struct task_struct *t,
			     struct task_struct *pi_task)
{
	int prio = pi_task != NULL ? min(t->normal_prio, pi_task->prio) :
				     t->normal_prio;

	stable_fire(data, (uintptr_t)t, prio, 0, 0);
}

static int sched_tick_fire(struct kprobe *kp, struct pt_regs *regs)
{
	stable_fire(stable_kprobe(kp), (uintptr_t)current, 0, 0, 0);
	return 0;
}

/* GCC's copy of a static function carries a suffix. */
static const char *const sched_on_cpu_syms[] = { "finish_task_switch.isra.0",
						 "finish_task_switch", NULL };
static const char *const sched_enqueue_syms[] = { "enqueue_task_fair", NULL };
static const char *const sched_dequeue_syms[] = { "dequeue_task_fair", NULL };
/* scheduler_tick() was renamed sched_tick() in 6.10. */
static const char *const sched_tick_syms[] = { "scheduler_tick", "sched_tick",
					       NULL };

/* A probe on a kprobe: the first of syms the kernel has. */
#define SCHED_KP(syms, fn)                      \
	{                                       \
		.ksyms = syms, .kp_handler = fn \
	}

static const struct stable_def sched_defs[] = {
	[STABLE_P_OFF_CPU] = { "sched_switch", sched_switch,
			       .sel = SCHED_OFF_CPU },
	[STABLE_P_PREEMPT] = { "sched_switch", sched_switch,
			       .sel = SCHED_PREEMPT },
	[STABLE_P_SLEEP] = { "sched_switch", sched_switch, .sel = SCHED_SLEEP },
	[STABLE_P_ON_CPU] = SCHED_KP(sched_on_cpu_syms, sched_on_cpu),
	[STABLE_P_WAKEUP] = { "sched_wakeup", sched_wakeup },
	[STABLE_P_ENQUEUE] = SCHED_KP(sched_enqueue_syms, sched_queue),
	[STABLE_P_DEQUEUE] = SCHED_KP(sched_dequeue_syms, sched_queue),
	[STABLE_P_CHANGE_PRI] = { "sched_pi_setprio", sched_change_pri },
	[STABLE_P_TICK] = SCHED_KP(sched_tick_syms, sched_tick_fire),
};

/* kCFI: each handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED(sched_switch, sched_switch)
DTRACE_TP_TYPED(sched_wakeup, sched_wakeup)
DTRACE_TP_TYPED(sched_pi_setprio, sched_change_pri)

STABLE_PROVIDER(sched, sched_defs)

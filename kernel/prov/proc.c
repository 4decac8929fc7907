// SPDX-License-Identifier: GPL-2.0
/*
 * The proc provider: process and thread life cycle, DTrace's names and
 * arguments on the 6.1 tracepoints.
 *
 *   create, lwp-create     sched_process_fork (new leader / new thread),
 *                          in the parent
 *   start, lwp-start       kprobe on schedule_tail, in the new task
 *   exec                   raw_syscalls sys_enter of execve/execveat;
 *                          args[0] is the path (copied from the caller)
 *   exec-success           sched_process_exec, in the new image
 *   exec-failure           raw_syscalls sys_exit of execve/execveat < 0
 *                          (arg0: the negative errno)
 *   exit, lwp-exit         sched_process_exit (last thread / others)
 *   signal-send            signal_generate, in the sender
 *   signal-discard         signal_generate of an ignored signal
 *   signal-handle          signal_deliver, in the receiver
 *
 * psinfo_t and lwpsinfo_t arguments are the struct task_struct; the D
 * library (procfs.d) translates them.
 */
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/syscall.h>
#include <asm/unistd.h>
#include <trace/events/signal.h>
#include <trace/events/syscalls.h>
#include <trace/events/sched.h>

#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/proc.def"
#include "prov/stable_table.h"

/* DTrace's exit reasons (CLD_* of <signal.h>). */
#define PROC_CLD_EXITED 1
#define PROC_CLD_KILLED 2
#define PROC_CLD_DUMPED 3

/* stable_def.sel: the process or thread variant of a probe. */
enum { PROC_PROCESS, PROC_THREAD };

static bool proc_is_leader(const struct task_struct *t)
{
	return t->pid == t->tgid;
}

static void proc_fork(void *data, struct task_struct *parent,
		      struct task_struct *child)
{
	struct stable_probe *p = data;

	if (proc_is_leader(child) == (p->def->sel == PROC_PROCESS))
		stable_fire(p, (uintptr_t)child, 0, 0, 0);
}

static int proc_start(struct kprobe *kp, struct pt_regs *regs)
{
	struct stable_probe *p = stable_kprobe(kp);

	if (proc_is_leader(current) == (p->def->sel == PROC_PROCESS))
		stable_fire(p, 0, 0, 0, 0);
	return 0;
}

static bool proc_is_exec(struct pt_regs *regs)
{
	long nr = syscall_get_nr(current, regs);

	return !in_compat_syscall() &&
	       (nr == __NR_execve || nr == __NR_execveat);
}

/*
 * strncpy_from_user_nofault is not exported: copy in pieces that stop
 * at page ends (the next page may be unmapped) until the NUL.
 */
static void proc_copy_path(char *dst, const char __user *src)
{
	size_t off = 0, n;

	while (off < PATH_MAX - 1) {
		n = min_t(size_t, 64, PATH_MAX - 1 - off);
		n = min_t(size_t, n,
			  PAGE_SIZE - offset_in_page((unsigned long)src + off));
		if (copy_from_user_nofault(dst + off, src + off, n) != 0)
			break;
		if (memchr(dst + off, '\0', n) != NULL)
			return;
		off += n;
	}
	dst[off] = '\0';
}

/* exec's path: copied here, the firing's argument points at it. */
static DEFINE_PER_CPU(char[PATH_MAX], proc_path);

static void proc_exec(void *data, struct pt_regs *regs, long id)
{
	unsigned long a[6];
	const char __user *upath;
	char *path;

	if (!proc_is_exec(regs))
		return;
	syscall_get_arguments(current, regs, a);
	upath = (const char __user *)(id == __NR_execve ? a[0] : a[1]);
	/* Tracepoints run with preemption off: this CPU's buffer is ours. */
	path = this_cpu_ptr(proc_path);
	proc_copy_path(path, upath);
	stable_fire(data, (uintptr_t)path, 0, 0, 0);
}

static void proc_exec_success(void *data, struct task_struct *t, pid_t old_pid,
			      struct linux_binprm *bprm)
{
	stable_fire(data, 0, 0, 0, 0);
}

static void proc_exec_failure(void *data, struct pt_regs *regs, long ret)
{
	/* arg0 is the negative errno, as Linux DTrace gives it (-ENOENT) */
	if (proc_is_exec(regs) && IS_ERR_VALUE(ret))
		stable_fire(data, ret, 0, 0, 0);
}

static void proc_exit(void *data, struct task_struct *t DTRACE_SCHED_EXIT_EXTRA)
{
	struct stable_probe *p = data;
	bool group_dead = atomic_read(&t->signal->live) == 0;
	int code = t->exit_code, why;

	if (p->def->sel == PROC_THREAD) {
		if (!group_dead)
			stable_fire(p, 0, 0, 0, 0);
		return;
	}
	if (!group_dead)
		return;
	if ((code & 0x7f) == 0)
		why = PROC_CLD_EXITED;
	else if (code & 0x80)
		why = PROC_CLD_DUMPED;
	else
		why = PROC_CLD_KILLED;
	stable_fire(p, why, 0, 0, 0);
}

static void proc_signal_send(void *data, int sig, struct kernel_siginfo *info,
			     struct task_struct *task, int group, int result)
{
	struct stable_probe *p = data;

	/* sel: whether this is signal-discard */
	if ((result == TRACE_SIGNAL_IGNORED) == (p->def->sel != 0))
		stable_fire(p, (uintptr_t)task, sig, 0, 0);
}

static void proc_signal_handle(void *data, int sig, struct kernel_siginfo *info,
			       struct k_sigaction *ka)
{
	stable_fire(data, sig, (uintptr_t)info,
		    ka != NULL ? (uintptr_t)ka->sa.sa_handler : 0, 0);
}

static const char *const proc_start_syms[] = { "schedule_tail", NULL };

static const struct stable_def proc_defs[] = {
	[STABLE_P_CREATE] = { "sched_process_fork", proc_fork },
	[STABLE_P_LWP_CREATE] = { "sched_process_fork", proc_fork,
				  .sel = PROC_THREAD },
	[STABLE_P_START] = { .ksyms = proc_start_syms,
			     .kp_handler = proc_start },
	[STABLE_P_LWP_START] = { .ksyms = proc_start_syms,
				 .kp_handler = proc_start,
				 .sel = PROC_THREAD },
	[STABLE_P_EXEC] = { "sys_enter", proc_exec },
	[STABLE_P_EXEC_SUCCESS] = { "sched_process_exec", proc_exec_success },
	[STABLE_P_EXEC_FAILURE] = { "sys_exit", proc_exec_failure },
	[STABLE_P_EXIT] = { "sched_process_exit", proc_exit },
	[STABLE_P_LWP_EXIT] = { "sched_process_exit", proc_exit,
				.sel = PROC_THREAD },
	[STABLE_P_SIGNAL_SEND] = { "signal_generate", proc_signal_send },
	[STABLE_P_SIGNAL_DISCARD] = { "signal_generate", proc_signal_send,
				      .sel = 1 },
	[STABLE_P_SIGNAL_HANDLE] = { "signal_deliver", proc_signal_handle },
};

/* kCFI: each handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED(sched_process_fork, proc_fork)
DTRACE_TP_TYPED(sys_enter, proc_exec)
DTRACE_TP_TYPED(sched_process_exec, proc_exec_success)
DTRACE_TP_TYPED(sys_exit, proc_exec_failure)
DTRACE_TP_TYPED(sched_process_exit, proc_exit)
DTRACE_TP_TYPED(signal_generate, proc_signal_send)
DTRACE_TP_TYPED(signal_deliver, proc_signal_handle)

STABLE_PROVIDER(proc, proc_defs)

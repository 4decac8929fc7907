// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic-variable housekeeping outside probe context. Every exiting
 * thread passes the sched_process_exit tracepoint: its thread-local
 * variables are reclaimed there (dtrace_core_thread_exit(), lock-free,
 * without sleeping, walking only the states that have thread-locals). A delayed work runs the cleaner of every tracing
 * state at its cleanrate (dtrace_core_clean(), under the global lock; it
 * may wait for a grace period), so deleted variables come back without
 * the consumer's STATUS.
 */
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>
#include <trace/events/sched.h>

#include "core/port.h"
#include "linux/glue.h"
#include "prov/linux_provs.h"

#define CLEAN_IDLE (HZ / 10) /* no state to clean: look again */

static struct tracepoint *dtrace_exit_tp;
static bool dtrace_exit_on;

static void dtrace_find_exit_tp(struct tracepoint *tp, void *priv)
{
	if (strcmp(tp->name, "sched_process_exit") == 0)
		dtrace_exit_tp = tp;
}

/* p is current; tracepoint callbacks run where a grace period waits. */
static void dtrace_on_exit(void *data,
			   struct task_struct *p DTRACE_SCHED_EXIT_EXTRA)
{
	dtrace_core_thread_exit(dtrace_core, (uintptr_t)p);
}

/* kCFI: the handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED(sched_process_exit, dtrace_on_exit)

static void dtrace_clean(struct work_struct *work);
static DECLARE_DELAYED_WORK(dtrace_clean_work, dtrace_clean);

static void dtrace_clean(struct work_struct *work)
{
	uint64_t next;

	mutex_lock(&dtrace_lock);
	next = dtrace_core_clean(dtrace_core, dtrace_port_gethrtime());
	mutex_unlock(&dtrace_lock);
	schedule_delayed_work(&dtrace_clean_work,
			      next == 0 ? CLEAN_IDLE :
					  max(nsecs_to_jiffies(next), 1UL));
}

void dtrace_dynclean_init(void)
{
	int err = -ENOENT;

	for_each_kernel_tracepoint(dtrace_find_exit_tp, NULL)
		;
	if (dtrace_exit_tp != NULL)
		err = tracepoint_probe_register(dtrace_exit_tp, dtrace_on_exit,
						NULL);
	dtrace_exit_on = err == 0;
	if (err != 0)
		pr_warn("dtrace: no sched_process_exit hook (error %d): "
			"thread-local variables of exited threads stay until "
			"tracing ends\n",
			err);
	schedule_delayed_work(&dtrace_clean_work, CLEAN_IDLE);
}

void dtrace_dynclean_exit(void)
{
	if (dtrace_exit_on) {
		tracepoint_probe_unregister(dtrace_exit_tp, dtrace_on_exit,
					    NULL);
		tracepoint_synchronize_unregister();
		dtrace_exit_on = false;
	}
	cancel_delayed_work_sync(&dtrace_clean_work);
}

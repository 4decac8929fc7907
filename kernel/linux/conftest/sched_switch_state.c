/* 5.18+: the sched_switch tracepoint also passes the previous task's state. */
#include <linux/mm.h>
#include <linux/sched.h>
#include <trace/events/sched.h>

void conftest(void);

static void on_switch(void *data, bool preempt, struct task_struct *prev,
		      struct task_struct *next, unsigned int prev_state)
{
}

void conftest(void)
{
	check_trace_callback_type_sched_switch(on_switch);
}

/* After 6.12 (7.2 has it): the sched_process_exit tracepoint also passes group_dead. */
#include <linux/mm.h>
#include <linux/sched.h>
#include <trace/events/sched.h>

void conftest(void);

static void on_exit(void *data, struct task_struct *p, bool group_dead)
{
}

void conftest(void)
{
	check_trace_callback_type_sched_process_exit(on_exit);
}

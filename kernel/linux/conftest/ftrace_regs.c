/*
 * 5.11+: ftrace_ops callbacks get struct ftrace_regs, and a module can
 * take ftrace's recursion lock (linux/trace_recursion.h). fbt needs both.
 */
#include <linux/ftrace.h>
#include <linux/trace_recursion.h>

struct ftrace_ops *conftest(void);

static void on_call(unsigned long ip, unsigned long pip, struct ftrace_ops *op,
		    struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, pip);

	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
}

static struct ftrace_ops ops = {
	.func = on_call,
	.flags = FTRACE_OPS_FL_RECURSION,
};

struct ftrace_ops *conftest(void)
{
	return &ops;
}

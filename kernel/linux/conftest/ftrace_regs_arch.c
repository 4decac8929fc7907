/* 6.8+: struct ftrace_regs is opaque; arch_ftrace_regs() reaches its pt_regs. */
#include <linux/ftrace.h>

struct pt_regs *conftest(struct ftrace_regs *fregs);

struct pt_regs *conftest(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}

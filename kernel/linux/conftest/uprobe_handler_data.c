/* 6.13+: uprobe consumer handlers get a per-hit data word (session uprobes). */
#include <linux/uprobes.h>

void conftest(struct uprobe_consumer *uc);

static int h(struct uprobe_consumer *uc, struct pt_regs *regs, __u64 *data)
{
	return 0;
}

static int rh(struct uprobe_consumer *uc, unsigned long func,
	      struct pt_regs *regs, __u64 *data)
{
	return 0;
}

void conftest(struct uprobe_consumer *uc)
{
	uc->handler = h;
	uc->ret_handler = rh;
}

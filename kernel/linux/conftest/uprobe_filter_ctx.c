/* Before 6.6: a uprobe consumer's filter is told why it is asked. */
#include <linux/uprobes.h>

void conftest(struct uprobe_consumer *uc);

static bool filter(struct uprobe_consumer *uc, enum uprobe_filter_ctx ctx,
		   struct mm_struct *mm)
{
	return true;
}

void conftest(struct uprobe_consumer *uc)
{
	uc->filter = filter;
}

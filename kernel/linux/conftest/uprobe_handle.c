/* 6.12+: uprobe_register() returns the uprobe, unregistered by handle. */
#include <linux/uprobes.h>

void conftest(struct inode *inode, struct uprobe_consumer *uc);

void conftest(struct inode *inode, struct uprobe_consumer *uc)
{
	struct uprobe *u = uprobe_register(inode, 0, 0, uc);

	uprobe_unregister_nosync(u, uc);
	uprobe_unregister_sync();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Paths for d_path(), cwd and rootdir (core/dif_subr_path.c walks them
 * with fault-tolerant loads): where the fields are, and the current
 * task's root and working directory. struct mount is private to fs/
 * (fs/mount.h); its first members have been, since Linux 3.3, the hash
 * node, the parent mount, the mountpoint dentry and the embedded struct
 * vfsmount. That layout is checked once at load on the mounts above the
 * initial task's root: the top one must be its own parent with its
 * mountpoint at its root. If the check fails, d_path() does not cross
 * mounts (paths start at the file system's root).
 */
#include <linux/dcache.h>
#include <linux/fs_struct.h>
#include <linux/list.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/uaccess.h>

#include "core/port.h"
#include "linux/glue.h"

#define MOUNT_PARENT	  sizeof(struct hlist_node)
#define MOUNT_MOUNTPOINT  (MOUNT_PARENT + sizeof(void *))
#define MOUNT_MNT	  (MOUNT_MOUNTPOINT + sizeof(void *))
#define MOUNT_CHECK_DEPTH 16

static struct dtrace_path_layout dtrace_path_layout = {
	.path_mnt = offsetof(struct path, mnt),
	.path_dentry = offsetof(struct path, dentry),
	.dentry_parent = offsetof(struct dentry, d_parent),
	.dentry_name = offsetof(struct dentry, d_name.name),
	.dentry_len = offsetof(struct dentry, d_name.len),
	.mnt_root = offsetof(struct vfsmount, mnt_root),
	.mount_mnt = MOUNT_MNT,
	.mount_parent = MOUNT_PARENT,
	.mount_mountpoint = MOUNT_MOUNTPOINT,
};

static bool ptr_at(uintptr_t base, size_t off, uintptr_t *v)
{
	return copy_from_kernel_nofault(v, (const void *)(base + off),
					sizeof(*v)) == 0;
}

/* Does the guessed struct mount layout hold above mnt? */
static bool mount_layout_ok(struct vfsmount *mnt)
{
	uintptr_t m = (uintptr_t)mnt - MOUNT_MNT, parent, mp, root;
	int i;

	for (i = 0; i < MOUNT_CHECK_DEPTH; i++) {
		if (!ptr_at(m, MOUNT_PARENT, &parent) || parent == 0)
			return false;
		if (parent == m)
			return ptr_at(m, MOUNT_MOUNTPOINT, &mp) &&
			       ptr_at(m + MOUNT_MNT,
				      offsetof(struct vfsmount, mnt_root),
				      &root) &&
			       mp == root;
		m = parent;
	}
	return false;
}

void dtrace_port_path_init(void)
{
	struct path root;

	get_fs_root(init_task.fs, &root);
	dtrace_path_layout.mounts = mount_layout_ok(root.mnt);
	path_put(&root);
	if (!dtrace_path_layout.mounts)
		pr_info("dtrace: struct mount layout unknown: d_path() stays "
			"within one mount\n");
}

const struct dtrace_path_layout *dtrace_port_path_layout(void)
{
	return &dtrace_path_layout;
}

/*
 * current->fs changes only by the task itself (exit_fs, unshare), so
 * it cannot go away under a probe of this task; its paths are read
 * without fs->seq (the walk copes with a torn pair).
 */
uint64_t dtrace_port_fs_path(bool root)
{
	struct fs_struct *fs = READ_ONCE(current->fs);

	if (fs == NULL)
		return 0;
	return (uintptr_t)(root ? &fs->root : &fs->pwd);
}

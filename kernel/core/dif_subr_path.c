// SPDX-License-Identifier: GPL-2.0
/*
 * d_path() and the cwd and rootdir built-ins, for probe context. The
 * kernel's own d_path() may not run here: it waits on rename_lock and
 * mount_lock (a probe inside a rename or a mount would spin forever on
 * its own CPU) and trusts its argument. So the walk is ours: from the
 * dentry up through d_parent, across mounts through the mount's parent
 * and mountpoint, until the current task's root, with every pointer and
 * name read through the fault-tolerant loads, a bounded number of steps
 * and no lock. The port says where the fields are (struct
 * dtrace_path_layout). Concurrent renames may give a path that mixes old
 * and new names; the walk never goes wrong beyond that.
 */
#include "core/state.h"
#include "core/subr.h"
#include "core/util.h"

#define PATH_STEPS 1024 /* dentries and mount crossings, at most */

struct walk {
	struct dtrace_mstate *ms;
	const struct dtrace_path_layout *l;
	char *buf;
	uint32_t pos; /* the path is buf[pos..] */
	bool cut;     /* a component did not fit */
};

static uint64_t ptr_at(struct walk *w, uint64_t base, uint32_t off)
{
	uint64_t v = 0;

	if (w->ms->fault == DTRACEFLT_NONE)
		dtrace_dif_load(w->ms, &v, base + off, sizeof(v), false);
	return v;
}

/* Prepends "/name"; false (and cut) when it does not fit. */
static bool prepend(struct walk *w, uint64_t dentry)
{
	uint64_t name = ptr_at(w, dentry, w->l->dentry_name);
	uint32_t len = 0;

	if (w->ms->fault == DTRACEFLT_NONE)
		dtrace_dif_load(w->ms, &len, dentry + w->l->dentry_len, 4,
				false);
	if (w->ms->fault != DTRACEFLT_NONE)
		return false;
	if ((uint64_t)len + 1 > w->pos) {
		w->cut = true;
		return false;
	}
	w->pos -= len;
	if (dtrace_dif_load(w->ms, w->buf + w->pos, name, len, false) != 0)
		return false;
	w->buf[--w->pos] = '/';
	return true;
}

/*
 * One step up from (mnt, dentry): to the parent dentry, or across to
 * the mount this one sits on. False at the top (a mount that is its
 * own parent, a dentry that is its own parent) or after a fault.
 */
static bool up(struct walk *w, uint64_t *mnt, uint64_t *dentry)
{
	const struct dtrace_path_layout *l = w->l;
	uint64_t m, parent;

	if (*dentry == ptr_at(w, *mnt, l->mnt_root)) {
		if (!l->mounts)
			return false;
		m = *mnt - l->mount_mnt;
		parent = ptr_at(w, m, l->mount_parent);
		if (parent == m || parent == 0)
			return false;
		*dentry = ptr_at(w, m, l->mount_mountpoint);
		*mnt = parent + l->mount_mnt;
		return w->ms->fault == DTRACEFLT_NONE;
	}
	parent = ptr_at(w, *dentry, l->dentry_parent);
	if (parent == *dentry || parent == 0)
		return false;
	if (!prepend(w, *dentry))
		return false;
	*dentry = parent;
	return true;
}

/*
 * The path of the struct path at addr, into scratch (strsize bytes), up
 * to the current task's root (top false) or to the top of the mounts.
 */
static uint64_t path_of(struct dtrace_mstate *ms, uint64_t addr, bool top)
{
	struct walk w = { .ms = ms, .l = dtrace_port_path_layout() };
	uint64_t mnt, dentry, rmnt = 0, rdentry = 0, root;
	uint32_t steps, size = ms->strsize;

	if (w.l == NULL) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, 0);
		return 0;
	}
	w.buf = (char *)dtrace_dif_scratch(ms, size);
	if (w.buf == NULL)
		return 0;
	mnt = ptr_at(&w, addr, w.l->path_mnt);
	dentry = ptr_at(&w, addr, w.l->path_dentry);
	root = top ? 0 : dtrace_port_fs_path(true);
	if (root != 0) {
		rmnt = ptr_at(&w, root, w.l->path_mnt);
		rdentry = ptr_at(&w, root, w.l->path_dentry);
	}
	w.pos = size - 1;
	w.buf[w.pos] = '\0';
	for (steps = 0; steps < PATH_STEPS && ms->fault == DTRACEFLT_NONE;
	     steps++) {
		if (dentry == rdentry && mnt == rmnt)
			break;
		if (!up(&w, &mnt, &dentry))
			break;
	}
	if (ms->fault != DTRACEFLT_NONE)
		return 0;
	if (w.cut) {
		/* Room for "..." in front: drop leading components. */
		while (w.pos < 3 && w.pos < size - 1) {
			uint32_t i = w.pos + 1;

			while (i < size - 1 && w.buf[i] != '/')
				i++;
			w.pos = i;
		}
		if (w.pos >= 3) {
			w.pos -= 3;
			dtrace_memcpy(w.buf + w.pos, "...", 3);
		}
	} else if (w.pos == size - 1) {
		w.buf[--w.pos] = '/';
	}
	dtrace_memmove(w.buf, w.buf + w.pos, size - w.pos);
	return (uintptr_t)w.buf;
}

uint64_t dtrace_dif_path(struct dtrace_mstate *ms, uint64_t addr)
{
	return path_of(ms, addr, false);
}

/*
 * cwd: the working directory as the task sees it (from its root);
 * rootdir: the task's root from the top of the mounts ("/" unless
 * chrooted). "" for a task without them.
 */
uint64_t dtrace_dif_fs_path(struct dtrace_mstate *ms, bool root)
{
	uint64_t p = dtrace_port_fs_path(root);

	if (p == 0)
		return dtrace_dif_scratch(ms, 1);
	return path_of(ms, p, root);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * DTRACEIOC_USERPROBE: a consumer creates one probe site on an
 * instruction of a user object for one process (pid provider entry,
 * return and offset probes; USDT probes read from .note.stapsdt). The
 * consumer did the symbol work; here the path becomes an inode, the pid
 * a process record, and the site joins the probe named by dtup_desc
 * (created if new; a further site with the same names is added to it).
 * Nothing is armed until the probe is enabled.
 */
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/pid.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "linux/glue.h"
#include "prov/uprobe.h"

static bool up_terminated(const char *s, size_t size)
{
	return strnlen(s, size) < size;
}

static int up_check(const struct dtrace_userprobe *u)
{
	const struct dtrace_probedesc *d = &u->dtup_desc;
	uint32_t i;

	if (!up_terminated(d->dtpd_provider, sizeof(d->dtpd_provider)) ||
	    !up_terminated(d->dtpd_mod, sizeof(d->dtpd_mod)) ||
	    !up_terminated(d->dtpd_func, sizeof(d->dtpd_func)) ||
	    !up_terminated(d->dtpd_name, sizeof(d->dtpd_name)) ||
	    !up_terminated(u->dtup_path, sizeof(u->dtup_path)) ||
	    d->dtpd_provider[0] == '\0' || d->dtpd_name[0] == '\0')
		return -EINVAL;
	if (u->dtup_kind < DTRACE_UP_ENTRY ||
	    u->dtup_kind > DTRACE_UP_USDT_ENABLED || u->dtup_pad != 0 ||
	    (u->dtup_refctr & 1) != 0)
		return -EINVAL;
	if (u->dtup_kind != DTRACE_UP_USDT)
		return u->dtup_nargs == 0 ? 0 : -EINVAL;
	if (u->dtup_nargs > DTRACE_MAXARGS)
		return -EINVAL;
	for (i = 0; i < u->dtup_nargs; i++)
		if (!dtrace_up_uarg_ok(&u->dtup_args[i]))
			return -EINVAL;
	return 0;
}

/* The thread group leader of tgid nr in the caller's pid namespace. */
static struct task_struct *up_task(pid_t nr)
{
	struct task_struct *t;

	if (nr <= 0)
		return NULL;
	rcu_read_lock();
	t = pid_task(find_vpid(nr), PIDTYPE_TGID);
	if (t != NULL)
		get_task_struct(t);
	rcu_read_unlock();
	return t;
}

/* "int32_t;uint64_t": a stapsdt argument's type from its size. */
static char *up_size_types(const struct dtrace_userprobe *u)
{
	char *s = kzalloc(DTRACE_MAXARGS * 10 + 1, GFP_KERNEL);
	uint32_t i;

	for (i = 0; s != NULL && i < u->dtup_nargs; i++) {
		int size = u->dtup_args[i].dtua_size;

		sprintf(s + strlen(s), "%s%sint%d_t", i > 0 ? ";" : "",
			size < 0 ? "" : "u", 8 * abs(size));
	}
	return s;
}

static void up_site_args(struct up_site *s, const struct dtrace_userprobe *u)
{
	switch (u->dtup_kind) {
	case DTRACE_UP_ENTRY:
		s->nargs = dtrace_up_abi_args(s->args, UP_ABI_ENTRY);
		break;
	case DTRACE_UP_OFFSET:
		s->nargs = dtrace_up_abi_args(s->args, UP_ABI_REGS);
		break;
	case DTRACE_UP_USDT:
		s->nargs = u->dtup_nargs;
		memcpy(s->args, u->dtup_args, sizeof(s->args));
		break;
	}
}

/* Under dtrace_lock: the probe and its new site. */
static int up_create(struct dtrace_userprobe *u, struct task_struct *task,
		     const struct path *path)
{
	const struct dtrace_probedesc *d = &u->dtup_desc;
	struct up_proc *proc;
	struct up_probe *p;
	struct up_site *s;
	int err = 0;

	proc = dtrace_up_proc_get(task, &err);
	if (proc == NULL)
		return err;
	p = dtrace_up_probe_get(proc, d->dtpd_provider, d->dtpd_mod,
				d->dtpd_func, d->dtpd_name, 0, false, &err);
	if (p == NULL)
		return dtrace_up_proc_check(proc, task) ?: err;
	if (u->dtup_kind == DTRACE_UP_USDT && p->argtypes == NULL) {
		p->argtypes = up_size_types(u);
		p->nargs = p->argtypes != NULL ? u->dtup_nargs : 0;
	}
	s = dtrace_up_site_new(path, u->dtup_offset, u->dtup_refctr,
			       u->dtup_kind, &err);
	if (s != NULL) {
		up_site_args(s, u);
		dtrace_up_site_add(p, s);
	}
	u->dtup_desc.dtpd_id = p->id;
	return dtrace_up_proc_check(proc, task) ?: err;
}

int dtrace_userprobe_ioctl(void __user *arg)
{
	struct task_struct *task = NULL;
	struct dtrace_userprobe *u;
	struct inode *inode;
	struct path path;
	loff_t size;
	int err;

	u = memdup_user(arg, sizeof(*u));
	if (IS_ERR(u))
		return PTR_ERR(u);
	err = up_check(u);
	if (err == 0) {
		task = up_task(u->dtup_pid);
		err = task == NULL ? -ENOENT : 0;
	}
	if (err == 0)
		err = kern_path(u->dtup_path, LOOKUP_FOLLOW, &path);
	if (err != 0)
		goto out;
	inode = d_real_inode(path.dentry);
	size = i_size_read(inode);
	if (!S_ISREG(inode->i_mode) || u->dtup_offset >= size ||
	    (u->dtup_refctr != 0 && u->dtup_refctr + 2 > size)) {
		err = -EINVAL;
	} else {
		mutex_lock(&dtrace_lock);
		err = up_create(u, task, &path);
		mutex_unlock(&dtrace_lock);
	}
	path_put(&path);
	if (err == 0 && copy_to_user(arg, u, sizeof(*u)))
		err = -EFAULT;
out:
	if (task != NULL)
		put_task_struct(task);
	kfree(u);
	return err;
}

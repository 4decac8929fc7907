// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace: the misc device, one tracing state per open file that
 * traces (created at its first tracing ioctl: an unprivileged open costs
 * nothing), the privilege check, the USDT helper calls and the deadman.
 * The DTRACEIOC_* handlers are core/ioctl.c's, shared with the
 * in-process device; all they copy goes through port_linux.c.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/workqueue.h>

#include "linux/glue.h"
#include "core/ioctl.h"
#include "core/state.h"
#include "prov/uprobe.h"
#include "dtrace/ioctl.h"

/*
 * The file's tracing state, created by core/ioctl.c at its first call
 * that needs one: an open alone allocates nothing, so the opens of
 * processes that only register USDT probes cost nothing to anyone.
 */
static struct dtrace_state **file_state(struct file *file)
{
	return (struct dtrace_state **)&file->private_data;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long uarg)
{
	void __user *arg = (void __user *)uarg;

	/* USDT helpers: any process, about its own memory. */
	if (cmd == DTRACEHIOC_ADDPROG || cmd == DTRACEHIOC_REMOVE) {
		if (!dtrace_uprobe_ready())
			return -EOPNOTSUPP;
		return cmd == DTRACEHIOC_ADDPROG ?
			       dtrace_helper_add_ioctl(arg) :
			       dtrace_helper_remove_ioctl(arg);
	}
	if (_IOC_TYPE(cmd) != DTRACE_IOC_MAGIC)
		return -ENOTTY;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (cmd == DTRACEIOC_USERPROBE)
		return dtrace_uprobe_ready() ? dtrace_userprobe_ioctl(arg) :
					       -EOPNOTSUPP;
	return dtrace_ioctl(dtrace_core, file_state(file), cmd, uarg);
}

/*
 * Anyone may open (USDT helpers); DTRACEIOC_* calls need CAP_SYS_ADMIN.
 * The state comes with the first of them (dev_state()).
 */
static int dtrace_open(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return 0;
}

/*
 * A descriptor that never traced has nothing to free. Otherwise the
 * state leaves every list under the lock, the wait for firings that may
 * still see it runs without the lock (other consumers and helpers go on
 * meanwhile), and the lock is taken again to free it.
 */
static int dtrace_release(struct inode *inode, struct file *file)
{
	struct dtrace_state *st = file->private_data;
	bool wait;

	if (st == NULL)
		return 0;
	mutex_lock(&dtrace_lock);
	wait = dtrace_state_unlink(st);
	mutex_unlock(&dtrace_lock);
	if (wait)
		dtrace_port_sync_expedited();
	mutex_lock(&dtrace_lock);
	dtrace_state_free(st);
	mutex_unlock(&dtrace_lock);
	return 0;
}

static const struct file_operations dtrace_fops = {
	.owner = THIS_MODULE,
	.open = dtrace_open,
	.release = dtrace_release,
	.unlocked_ioctl = dev_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice dtrace_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "dtrace",
	.fops = &dtrace_fops,
	.mode = 0666,
};

/* Read-only parameter "states": the tracing states that exist now. */
static int dev_states_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(
		buf, "%u\n",
		dtrace_core != NULL ? READ_ONCE(dtrace_core->nstates) : 0);
}

static const struct kernel_param_ops dev_states_ops = {
	.get = dev_states_get,
};
module_param_cb(states, &dev_states_ops, NULL, 0444);
MODULE_PARM_DESC(states, "tracing states now (one per descriptor that traced)");

/* The deadman: kills states whose consumer stopped calling STATUS. */
static void dtrace_deadman(struct work_struct *work);
static DECLARE_DELAYED_WORK(dtrace_deadman_work, dtrace_deadman);

static void dtrace_deadman(struct work_struct *work)
{
	mutex_lock(&dtrace_lock);
	dtrace_core_deadman(dtrace_core, dtrace_port_gethrtime());
	mutex_unlock(&dtrace_lock);
	schedule_delayed_work(&dtrace_deadman_work, HZ);
}

int dtrace_dev_init(void)
{
	int err = misc_register(&dtrace_misc);

	if (err == 0)
		schedule_delayed_work(&dtrace_deadman_work, HZ);
	return err;
}

void dtrace_dev_exit(void)
{
	misc_deregister(&dtrace_misc);
	cancel_delayed_work_sync(&dtrace_deadman_work);
}

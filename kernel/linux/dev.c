// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace: one tracing state per open file that traces (created at
 * its first tracing ioctl: an unprivileged open costs nothing), ioctls
 * that copy the uapi structures in and out and call core/ under
 * dtrace_lock. All
 * validation of what userspace sends is core/'s (prog.c, dif_validate.c);
 * this file only bounds sizes before allocating and copying.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "linux/glue.h"
#include "core/state.h"
#include "prov/uprobe.h"
#include "dtrace/ioctl.h"
#include "dtrace/version.h"

static_assert(DTRACE_PROVNAMELEN == DTRACE_CORE_PROVNAMELEN);
static_assert(DTRACE_MODNAMELEN == DTRACE_CORE_MODNAMELEN);
static_assert(DTRACE_FUNCNAMELEN == DTRACE_CORE_FUNCNAMELEN);
static_assert(DTRACE_NAMELEN == DTRACE_CORE_NAMELEN);
static_assert(DTRACE_MAXARGS == DTRACE_CORE_MAXARGS);
static_assert(sizeof_field(struct dtrace_fireargs, v) ==
	      DTRACE_CORE_MAXARGS * sizeof(uint64_t));
static_assert(DTRACE_ARGTYPELEN ==
	      sizeof_field(struct dtrace_core_argdesc, native));

static int ioc_conf(void __user *arg)
{
	struct dtrace_conf c = {
		.dtc_abi_version = DTRACE_ABI_VERSION,
		.dtc_difversion = DTRACE_DIF_VERSION,
		.dtc_difintregs = DIF_DIR_NREGS,
		.dtc_diftupregs = DIF_DTR_NREGS,
		.dtc_ncpus = num_possible_cpus(),
		.dtc_maxcpu = nr_cpu_ids,
		.dtc_maxprog = DTRACE_PROG_MAXSIZE,
	};

	return copy_to_user(arg, &c, sizeof(c)) ? -EFAULT : 0;
}

static bool desc_terminated(const struct dtrace_probedesc *d)
{
	return strnlen(d->dtpd_provider, sizeof(d->dtpd_provider)) <
		       sizeof(d->dtpd_provider) &&
	       strnlen(d->dtpd_mod, sizeof(d->dtpd_mod)) <
		       sizeof(d->dtpd_mod) &&
	       strnlen(d->dtpd_func, sizeof(d->dtpd_func)) <
		       sizeof(d->dtpd_func) &&
	       strnlen(d->dtpd_name, sizeof(d->dtpd_name)) <
		       sizeof(d->dtpd_name);
}

static void desc_fill(struct dtrace_probedesc *d, const struct dtrace_probe *p)
{
	memset(d, 0, sizeof(*d));
	d->dtpd_id = p->id;
	strscpy(d->dtpd_provider, p->prov->name, sizeof(d->dtpd_provider));
	strscpy(d->dtpd_mod, p->mod, sizeof(d->dtpd_mod));
	strscpy(d->dtpd_func, p->func, sizeof(d->dtpd_func));
	strscpy(d->dtpd_name, p->name, sizeof(d->dtpd_name));
}

static int ioc_probematch(void __user *arg)
{
	struct dtrace_probematch *m;
	struct dtrace_pattern pat;
	struct dtrace_probe *p;
	int err = 0;

	m = memdup_user(arg, sizeof(*m));
	if (IS_ERR(m))
		return PTR_ERR(m);
	if (!desc_terminated(&m->dtpm_pattern)) {
		kfree(m);
		return -EINVAL;
	}
	pat.id = m->dtpm_pattern.dtpd_id;
	pat.prov = m->dtpm_pattern.dtpd_provider;
	pat.mod = m->dtpm_pattern.dtpd_mod;
	pat.func = m->dtpm_pattern.dtpd_func;
	pat.name = m->dtpm_pattern.dtpd_name;
	if (m->dtpm_start == 0)
		dtrace_probe_provide(dtrace_core, &pat);
	p = dtrace_probe_match_next(dtrace_core, &pat, m->dtpm_start);
	if (p == NULL)
		err = -ENOENT;
	else
		desc_fill(&m->dtpm_probe, p);
	if (err == 0 && copy_to_user(arg, m, sizeof(*m)))
		err = -EFAULT;
	kfree(m);
	return err;
}

static int ioc_probearg(void __user *arg)
{
	struct dtrace_core_argdesc cd;
	struct dtrace_argdesc *a;
	int err;

	a = memdup_user(arg, sizeof(*a));
	if (IS_ERR(a))
		return PTR_ERR(a);
	err = dtrace_probe_argdesc(dtrace_core, a->dtargd_id, a->dtargd_ndx,
				   &cd);
	if (err == 0) {
		a->dtargd_mapping = cd.mapping;
		strscpy(a->dtargd_native, cd.native, sizeof(a->dtargd_native));
		strscpy(a->dtargd_xlate, cd.xlate, sizeof(a->dtargd_xlate));
		if (copy_to_user(arg, a, sizeof(*a)))
			err = -EFAULT;
	}
	kfree(a);
	return err;
}

/*
 * The file's tracing state, created at its first ioctl that needs one
 * (dtrace_lock held): an open alone allocates nothing, so the opens of
 * processes that only register USDT probes cost nothing to anyone.
 */
static struct dtrace_state *dev_state(struct file *file)
{
	struct dtrace_state *st = file->private_data;

	lockdep_assert_held(&dtrace_lock);
	if (st == NULL) {
		st = dtrace_state_create(dtrace_core);
		file->private_data = st;
	}
	return st;
}

/* Copies the blob in before taking the lock (it may be 64 MB). */
static int ioc_enable(struct file *file, void __user *arg)
{
	struct dtrace_state *st;
	struct dtrace_enable en;
	struct dtrace_enable_res res;
	void *blob;
	int err;

	if (copy_from_user(&en, arg, sizeof(en)))
		return -EFAULT;
	if (en.dten_size > DTRACE_PROG_MAXSIZE)
		return -E2BIG;
	blob = dtrace_port_zalloc(en.dten_size);
	if (blob == NULL)
		return -ENOMEM;
	if (copy_from_user(blob, u64_to_user_ptr(en.dten_prog), en.dten_size)) {
		dtrace_port_free(blob);
		return -EFAULT;
	}
	mutex_lock(&dtrace_lock);
	st = dev_state(file);
	if (st != NULL) {
		err = dtrace_state_enable(st, blob, en.dten_size, &res);
	} else {
		dtrace_port_free(blob);
		memset(&res, 0, sizeof(res));
		err = -ENOMEM;
	}
	mutex_unlock(&dtrace_lock);
	en.dten_nprobes = res.nprobes;
	en.dten_clause = res.clause;
	en.dten_difo = res.difo;
	en.dten_pc = res.pc;
	en.dten_dvr = res.dvr;
	memcpy(en.dten_msg, res.msg, sizeof(en.dten_msg));
	if (copy_to_user(arg, &en, sizeof(en)))
		return -EFAULT;
	return err;
}

/* EPDESC and AGGDESC: ask for the count, then fill to the capacity. */
#define DESC_IOCTL(name, type, idf, nrecf, recf, fn)                       \
	static int name(struct dtrace_state *st, void __user *arg)         \
	{                                                                  \
		type hdr, *d;                                              \
		uint32_t cap;                                              \
		int err;                                                   \
                                                                           \
		if (copy_from_user(&hdr, arg, sizeof(hdr)))                \
			return -EFAULT;                                    \
		cap = hdr.nrecf;                                           \
		err = fn(st, &hdr, 0);                                     \
		if (err != 0 && err != -ENOSPC)                            \
			return err;                                        \
		if (cap < hdr.nrecf) {                                     \
			if (copy_to_user(arg, &hdr, sizeof(hdr)))          \
				return -EFAULT;                            \
			return -ENOSPC;                                    \
		}                                                          \
		d = kzalloc(struct_size(d, recf, hdr.nrecf), GFP_KERNEL);  \
		if (d == NULL)                                             \
			return -ENOMEM;                                    \
		d->idf = hdr.idf;                                          \
		err = fn(st, d, hdr.nrecf);                                \
		if (err == 0 &&                                            \
		    copy_to_user(arg, d, struct_size(d, recf, hdr.nrecf))) \
			err = -EFAULT;                                     \
		kfree(d);                                                  \
		return err;                                                \
	}

DESC_IOCTL(ioc_epdesc, struct dtrace_epdesc, dtepd_epid, dtepd_nrecs, dtepd_rec,
	   dtrace_state_epdesc)
DESC_IOCTL(ioc_aggdesc, struct dtrace_aggdesc, dtagd_id, dtagd_nrecs, dtagd_rec,
	   dtrace_state_aggdesc)

static int ioc_format(struct dtrace_state *st, void __user *arg)
{
	struct dtrace_fmtdesc f;
	const char *s;
	size_t len;

	if (copy_from_user(&f, arg, sizeof(f)))
		return -EFAULT;
	s = dtrace_state_format(st, f.dtfd_id);
	if (s == NULL)
		return -EINVAL;
	len = strlen(s) + 1;
	if (f.dtfd_length < len) {
		f.dtfd_length = len;
		return copy_to_user(arg, &f, sizeof(f)) ? -EFAULT : -ENOSPC;
	}
	if (copy_to_user(u64_to_user_ptr(f.dtfd_string), s, len))
		return -EFAULT;
	f.dtfd_length = len;
	return copy_to_user(arg, &f, sizeof(f)) ? -EFAULT : 0;
}

static int ioc_gostop(struct dtrace_state *st, void __user *arg, bool go)
{
	struct dtrace_go g = { 0 };
	int err;

	err = go ? dtrace_state_go(st, &g.dtgo_cpu) :
		   dtrace_state_stop(st, &g.dtgo_cpu);
	if (err != 0)
		return err;
	return copy_to_user(arg, &g, sizeof(g)) ? -EFAULT : 0;
}

typedef int (*snap_fn)(struct dtrace_state *, uint32_t, uint64_t,
		       struct dtrace_bufdesc *, const void **);

/* BUFSNAP and AGGSNAP: switch in core/, then copy the filled buffer. */
static int ioc_snap(struct dtrace_state *st, void __user *arg, snap_fn fn)
{
	struct dtrace_bufdesc d;
	const void *data;
	uint64_t cap;
	int err;

	if (copy_from_user(&d, arg, sizeof(d)))
		return -EFAULT;
	cap = d.dtbd_size;
	err = fn(st, d.dtbd_cpu, cap, &d, &data);
	if (err == -ENOSPC) {
		/* Too small: tell the caller how much room it needs. */
		return copy_to_user(arg, &d, sizeof(d)) ? -EFAULT : err;
	}
	if (err != 0)
		return err;
	if (d.dtbd_size > 0 &&
	    copy_to_user(u64_to_user_ptr(d.dtbd_data), data, d.dtbd_size))
		return -EFAULT;
	return copy_to_user(arg, &d, sizeof(d)) ? -EFAULT : 0;
}

static int ioc_status(struct dtrace_state *st, void __user *arg)
{
	struct dtrace_status s;

	dtrace_state_status(st, &s);
	return copy_to_user(arg, &s, sizeof(s)) ? -EFAULT : 0;
}

/* The ioctls about the caller's own state (dtrace_lock held). */
static long ioc_state(struct dtrace_state *st, unsigned int cmd,
		      void __user *arg)
{
	switch (cmd) {
	case DTRACEIOC_EPDESC:
		return ioc_epdesc(st, arg);
	case DTRACEIOC_AGGDESC:
		return ioc_aggdesc(st, arg);
	case DTRACEIOC_FORMAT:
		return ioc_format(st, arg);
	case DTRACEIOC_GO:
		return ioc_gostop(st, arg, true);
	case DTRACEIOC_STOP:
		return ioc_gostop(st, arg, false);
	case DTRACEIOC_BUFSNAP:
		return ioc_snap(st, arg, dtrace_state_bufsnap);
	case DTRACEIOC_STATUS:
		return ioc_status(st, arg);
	case DTRACEIOC_AGGSNAP:
		return ioc_snap(st, arg, dtrace_state_aggsnap);
	default:
		return -ENOTTY;
	}
}

static bool ioc_needs_state(unsigned int cmd)
{
	return cmd == DTRACEIOC_EPDESC || cmd == DTRACEIOC_AGGDESC ||
	       cmd == DTRACEIOC_FORMAT || cmd == DTRACEIOC_GO ||
	       cmd == DTRACEIOC_STOP || cmd == DTRACEIOC_BUFSNAP ||
	       cmd == DTRACEIOC_STATUS || cmd == DTRACEIOC_AGGSNAP;
}

static long dtrace_ioctl(struct file *file, unsigned int cmd,
			 unsigned long uarg)
{
	void __user *arg = (void __user *)uarg;
	struct dtrace_state *st;
	long err;

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
	if (cmd == DTRACEIOC_ENABLE)
		return ioc_enable(file, arg);
	if (cmd == DTRACEIOC_USERPROBE)
		return dtrace_uprobe_ready() ? dtrace_userprobe_ioctl(arg) :
					       -EOPNOTSUPP;
	if (cmd == DTRACEIOC_CONF)
		return ioc_conf(arg);
	mutex_lock(&dtrace_lock);
	switch (cmd) {
	case DTRACEIOC_PROBEMATCH:
		err = ioc_probematch(arg);
		break;
	case DTRACEIOC_PROBEARG:
		err = ioc_probearg(arg);
		break;
	default:
		if (!ioc_needs_state(cmd)) {
			err = -ENOTTY;
			break;
		}
		st = dev_state(file);
		err = st == NULL ? -ENOMEM : ioc_state(st, cmd, arg);
		break;
	}
	mutex_unlock(&dtrace_lock);
	return err;
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
		dtrace_port_sync();
	mutex_lock(&dtrace_lock);
	dtrace_state_free(st);
	mutex_unlock(&dtrace_lock);
	return 0;
}

static const struct file_operations dtrace_fops = {
	.owner = THIS_MODULE,
	.open = dtrace_open,
	.release = dtrace_release,
	.unlocked_ioctl = dtrace_ioctl,
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

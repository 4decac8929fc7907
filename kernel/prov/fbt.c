// SPDX-License-Identifier: GPL-2.0
/*
 * The fbt provider: fbt:vmlinux:<function>:entry and :return for the
 * kernel's traceable functions (fbt_btf.c has the list). Probes are
 * created lazily, when a description that names the provider or a
 * function could match them (provide), and live until the provider
 * goes; "dtrace -l" alone does not create the 80,000 of them. Enabling an entry probe registers a
 * kprobe on the function, a return probe a kretprobe; disabling
 * unregisters it, which waits for running handlers.
 *
 * entry: arg0..arg5 = the first six integer arguments (pt_regs).
 * return: arg0 = 0 (no return offset with kretprobes), arg1 = the
 * return value.
 *
 * The probe path protects itself twice: kprobes refuse their own code
 * and NOKPROBE functions, and a firing that re-enters the core on the
 * same CPU is only counted. Functions kprobes refuse are skipped
 * quietly so a glob still enables the rest; at most fbt_max_enabled
 * probes (a module parameter) are enabled at once so a wide glob cannot
 * stall the machine: beyond it ENABLE fails with E2BIG.
 */
#include <linux/kprobes.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "linux/glue.h"
#include "prov/fbt.h"
#include "prov/linux_provs.h"

/* Each kprobe costs a text patch and, on removal, an RCU grace period. */
static unsigned int fbt_max_enabled = 1024;
module_param(fbt_max_enabled, uint, 0644);
MODULE_PARM_DESC(fbt_max_enabled, "most fbt probes enabled at once");

struct fbt_probe {
	struct fbt_probe	*next;		/* all probes, for teardown */
	uint32_t		id;
	bool			ret;
	bool			armed;
	union {
		struct kprobe		kp;
		struct kretprobe	krp;
	};
	char			sym[];
};

static struct dtrace_provider *fbt_prov;
static struct fbt_probe *fbt_all;
static uint32_t fbt_non;

static int fbt_entry(struct kprobe *kp, struct pt_regs *regs)
{
	struct fbt_probe *fp = container_of(kp, struct fbt_probe, kp);

	dtrace_kstack_entry_set((unsigned long)kp->addr);
	dtrace_core_probe(dtrace_core, fp->id,
			  regs_get_kernel_argument(regs, 0),
			  regs_get_kernel_argument(regs, 1),
			  regs_get_kernel_argument(regs, 2),
			  regs_get_kernel_argument(regs, 3),
			  regs_get_kernel_argument(regs, 4),
			  regs_get_kernel_argument(regs, 5));
	dtrace_kstack_top_set(0);
	return 0;
}
NOKPROBE_SYMBOL(fbt_entry);

static int fbt_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *krp = get_kretprobe(ri);
	struct fbt_probe *fp;

	if (krp == NULL)
		return 0;
	fp = container_of(krp, struct fbt_probe, krp);
	dtrace_kstack_top_set(get_kretprobe_retaddr(ri));
	dtrace_core_probe(dtrace_core, fp->id, 0, regs_return_value(regs), 0,
			  0, 0, 0);
	dtrace_kstack_top_set(0);
	return 0;
}
NOKPROBE_SYMBOL(fbt_return);

static int fbt_enable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;
	int err;

	if (fbt_non >= READ_ONCE(fbt_max_enabled))
		return -E2BIG;
	cond_resched();		/* a wide glob arms hundreds of kprobes */
	if (fp->ret) {
		memset(&fp->krp, 0, sizeof(fp->krp));
		fp->krp.kp.symbol_name = fp->sym;
		fp->krp.handler = fbt_return;
		err = register_kretprobe(&fp->krp);
	} else {
		memset(&fp->kp, 0, sizeof(fp->kp));
		fp->kp.symbol_name = fp->sym;
		fp->kp.pre_handler = fbt_entry;
		err = register_kprobe(&fp->kp);
	}
	if (err != 0) {
		/* Refused (blacklisted, gone): the probe just never fires. */
		pr_info_ratelimited("dtrace: fbt: cannot probe %s: %d\n",
				    fp->sym, err);
		return 0;
	}
	fp->armed = true;
	fbt_non++;
	return 0;
}

static void fbt_disable(void *parg, uint32_t id, void *prarg)
{
	struct fbt_probe *fp = prarg;

	if (!fp->armed)
		return;
	if (fp->ret)
		unregister_kretprobe(&fp->krp);
	else
		unregister_kprobe(&fp->kp);
	fp->armed = false;
	fbt_non--;
}

static void fbt_create(const char *func, bool ret)
{
	size_t len = strlen(func) + 1;
	struct fbt_probe *fp;
	int id;

	if (len > DTRACE_CORE_FUNCNAMELEN)
		return;
	fp = kzalloc(sizeof(*fp) + len, GFP_KERNEL);
	if (fp == NULL)
		return;
	memcpy(fp->sym, func, len);
	fp->ret = ret;
	id = dtrace_probe_create(dtrace_core, fbt_prov, "vmlinux", func,
				 ret ? "return" : "entry", fp);
	if (id < 0) {
		kfree(fp);	/* -EEXIST: a duplicate static name */
		return;
	}
	fp->id = id;
	fp->next = fbt_all;
	fbt_all = fp;
}

static void fbt_provide(void *parg, const struct dtrace_pattern *pat)
{
	bool entry, ret;
	u32 i, n;

	if (pat->id != 0 || !dtrace_glob(pat->mod, "vmlinux"))
		return;
	/* Only descriptions that name fbt or a function create probes. */
	if ((pat->prov == NULL || pat->prov[0] == '\0') &&
	    (pat->func == NULL || pat->func[0] == '\0'))
		return;
	entry = dtrace_glob(pat->name, "entry");
	ret = dtrace_glob(pat->name, "return");
	if ((!entry && !ret) || dtrace_fbt_funcs_load() != 0)
		return;
	n = dtrace_fbt_nfuncs();
	for (i = 0; i < n; i++) {
		const char *f = dtrace_fbt_func(i);

		if ((i & 1023) == 0)
			cond_resched();	/* fbt::: creates 84,000 */
		if (!dtrace_glob(pat->func, f))
			continue;
		if (entry)
			fbt_create(f, false);
		if (ret)
			fbt_create(f, true);
	}
}

static const struct dtrace_provider_ops fbt_ops = {
	.provide	= fbt_provide,
	.enable		= fbt_enable,
	.disable	= fbt_disable,
};

int dtrace_prov_fbt_init(struct dtrace_core *core)
{
	return dtrace_provider_register(core, "fbt", &fbt_ops, NULL, &fbt_prov);
}

void dtrace_prov_fbt_fini(struct dtrace_core *core)
{
	if (fbt_prov != NULL && dtrace_provider_unregister(core, fbt_prov) != 0)
		pr_err("dtrace: fbt provider still enabled at unload\n");
	fbt_prov = NULL;
	while (fbt_all != NULL) {
		struct fbt_probe *fp = fbt_all;

		fbt_all = fp->next;
		fbt_disable(NULL, fp->id, fp);
		kfree(fp);
	}
	dtrace_fbt_funcs_free();
}

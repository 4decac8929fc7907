// SPDX-License-Identifier: GPL-2.0
/*
 * The machinery shared by the stable providers (stable.h): probes
 * created at load from a provider's table, module "vmlinux", function
 * empty; enable registers the definition's tracepoint handler with the
 * probe as its data (several probes may share a tracepoint, each with
 * its own registration), a kprobe on the first of its symbols the
 * kernel accepts or the provider's own arm hook; disable undoes it.
 */
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "prov/linux_provs.h"
#include "prov/stable.h"

static void stable_find_tp(struct tracepoint *tp, void *priv)
{
	struct stable_prov *sp = priv;
	size_t i;

	for (i = 0; i < sp->ndefs; i++)
		if (sp->defs[i].tp != NULL &&
		    strcmp(sp->defs[i].tp, tp->name) == 0)
			sp->probes[i].tp = tp;
}

static int stable_arm_kprobe(struct stable_probe *p)
{
	const char *const *sym;
	int err = -ENOENT;

	for (sym = p->def->ksyms; *sym != NULL; sym++) {
		memset(&p->kp, 0, sizeof(p->kp));
		p->kp.symbol_name = *sym;
		p->kp.pre_handler = p->def->kp_handler;
		err = register_kprobe(&p->kp);
		if (err == 0)
			return 0;
	}
	return err;
}

static int stable_enable(void *parg, uint32_t id, void *prarg)
{
	struct stable_probe *p = prarg;
	int err;

	/* A wide enabling registers thousands: let others run meanwhile. */
	cond_resched();

	if (p->def->arm != NULL)
		err = p->def->arm(p, true);
	else if (p->def->ksyms != NULL)
		err = stable_arm_kprobe(p);
	else if (p->tp == NULL)
		err = -ENOENT;
	else
		err = tracepoint_probe_register(p->tp, p->def->handler, p);
	if (err != 0) {
		pr_info_ratelimited("dtrace: cannot arm %s probe %s: %d\n",
				    ((struct stable_prov *)parg)->name,
				    p->desc->name, err);
		return err;
	}
	p->armed = true;
	return 0;
}

static void stable_disable(void *parg, uint32_t id, void *prarg)
{
	struct stable_probe *p = prarg;

	if (!p->armed)
		return;
	if (p->def->arm != NULL)
		p->def->arm(p, false);
	else if (p->def->ksyms != NULL)
		unregister_kprobe(&p->kp);
	else
		tracepoint_probe_unregister(p->tp, p->def->handler, p);
	p->armed = false;
}

static int stable_getargdesc(void *parg, uint32_t id, void *prarg, uint32_t ndx,
			     struct dtrace_core_argdesc *out)
{
	const struct stable_probe *p = prarg;
	const struct stable_arg *a;

	if (ndx >= STABLE_MAXARGS || p->desc->args[ndx].native == NULL)
		return -EINVAL;
	a = &p->desc->args[ndx];
	out->mapping = a->map;
	strscpy(out->native, a->native, sizeof(out->native));
	strscpy(out->xlate, a->xlate, sizeof(out->xlate));
	return 0;
}

static const struct dtrace_provider_ops stable_ops = {
	.enable = stable_enable,
	.disable = stable_disable,
	.getargdesc = stable_getargdesc,
};

/* A probe of the table the provider gave no way to fire (a gap in defs). */
static int stable_check_def(const struct stable_prov *sp, size_t i)
{
	const struct stable_def *d = &sp->defs[i];

	if (d->tp != NULL || d->ksyms != NULL || d->arm != NULL)
		return 0;
	pr_err("dtrace: %s probe %s has no definition\n", sp->name,
	       sp->descs[i].name);
	return -EINVAL;
}

int dtrace_stable_init(struct dtrace_core *core, struct stable_prov *sp)
{
	size_t i;
	int err, id;

	sp->probes = kcalloc(sp->ndefs, sizeof(*sp->probes), GFP_KERNEL);
	if (sp->probes == NULL)
		return -ENOMEM;
	for (i = 0; i < sp->ndefs; i++) {
		sp->probes[i].desc = &sp->descs[i];
		sp->probes[i].def = &sp->defs[i];
		err = stable_check_def(sp, i);
		if (err != 0)
			goto fail;
	}
	for_each_kernel_tracepoint(stable_find_tp, sp)
		;
	err = dtrace_provider_register(core, sp->name, &stable_ops, sp,
				       &sp->prov);
	if (err != 0)
		goto fail;
	for (i = 0; i < sp->ndefs; i++) {
		id = dtrace_probe_create(core, sp->prov, "vmlinux", "",
					 sp->descs[i].name, &sp->probes[i]);
		if (id < 0) {
			err = id;
			goto fail;
		}
		sp->probes[i].id = id;
	}
	return 0;
fail:
	dtrace_stable_fini(core, sp);
	return err;
}

void dtrace_stable_fini(struct dtrace_core *core, struct stable_prov *sp)
{
	size_t i;

	dtrace_prov_unregister(core, &sp->prov);
	for (i = 0; sp->probes != NULL && i < sp->ndefs; i++)
		stable_disable(sp, sp->probes[i].id, &sp->probes[i]);
	/* No handler of ours may still run once the module text goes. */
	tracepoint_synchronize_unregister();
	kfree(sp->probes);
	sp->probes = NULL;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The sdt provider: sdt:<subsystem>::<tracepoint> for every tracepoint
 * of the core kernel (for_each_kernel_tracepoint). The subsystem is the
 * trace event's system, learned from the event directories under
 * /sys/kernel/tracing/events (a tracepoint has no system of its own);
 * tracepoints without an event directory, or every tracepoint when
 * tracefs is not mounted, get "vmlinux". All probes are created on the
 * first description that names the provider.
 *
 * Enabling registers one generic handler per probe with the probe as
 * its data. A tracepoint handler gets the tracepoint's own arguments;
 * the generic one takes the first five as 64-bit integers (on x86_64
 * they arrive in registers, so a tracepoint with fewer arguments leaves
 * the rest unspecified), fired as arg0..arg4; arg5 is 0.
 *
 * That handler's type is not the tracepoint's probe type, and kCFI
 * (CONFIG_CFI_CLANG) checks the type of every indirect call: the
 * tracepoint's call would panic. Such kernels refuse sdt enablings;
 * the stable providers' handlers are typed (doc/limits.md §5).
 */
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "linux/glue.h"
#include "prov/linux_provs.h"

#define SDT_EVENTS "/sys/kernel/tracing/events"

struct sdt_probe {
	struct sdt_probe *next; /* all probes, for teardown */
	struct tracepoint *tp;
	uint32_t id;
	bool armed;
	char sys[DTRACE_CORE_MODNAMELEN];
};

static struct dtrace_provider *sdt_prov;
static struct sdt_probe *sdt_all;

static void sdt_fire(void *data, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4)
{
	struct sdt_probe *sp = data;

	dtrace_core_probe(dtrace_core, sp->id, a0, a1, a2, a3, a4, 0);
}

static int sdt_enable(void *parg, uint32_t id, void *prarg)
{
	struct sdt_probe *sp = prarg;
	int err;

	/* A wide enabling registers thousands: let others run meanwhile. */
	cond_resched();

	if (IS_ENABLED(CONFIG_CFI_CLANG)) {
		pr_warn_once("dtrace: sdt probes refused: their generic "
			     "handler would fail this kernel's kCFI checks "
			     "(CONFIG_CFI_CLANG)\n");
		return -EOPNOTSUPP;
	}
	err = tracepoint_probe_register(sp->tp, (void *)sdt_fire, sp);
	if (err == 0)
		sp->armed = true;
	return err;
}

static void sdt_disable(void *parg, uint32_t id, void *prarg)
{
	struct sdt_probe *sp = prarg;

	if (sp->armed)
		tracepoint_probe_unregister(sp->tp, (void *)sdt_fire, sp);
	sp->armed = false;
}

static void sdt_collect(struct tracepoint *tp, void *priv)
{
	struct sdt_probe *sp = kzalloc(sizeof(*sp), GFP_KERNEL);

	if (sp == NULL)
		return;
	sp->tp = tp;
	strscpy(sp->sys, "vmlinux", sizeof(sp->sys));
	sp->next = sdt_all;
	sdt_all = sp;
}

/* One level of subdirectory names of a tracefs directory. */
struct sdt_dir {
	struct dir_context ctx;
	char (*names)[DTRACE_CORE_MODNAMELEN];
	int n, cap;
};

static DTRACE_FILLDIR(sdt_actor, ctx, name, len, off, ino, type)
{
	struct sdt_dir *d = container_of(ctx, struct sdt_dir, ctx);

	if (type != DT_DIR || name[0] == '.' || len >= DTRACE_CORE_MODNAMELEN)
		return DTRACE_FILLDIR_GO_ON;
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 64;
		void *p = dtrace_krealloc_array(d->names, cap,
						sizeof(*d->names), GFP_KERNEL);

		if (p == NULL)
			return DTRACE_FILLDIR_STOP;
		d->names = p;
		d->cap = cap;
	}
	memcpy(d->names[d->n], name, len);
	d->names[d->n][len] = '\0';
	d->n++;
	return DTRACE_FILLDIR_GO_ON;
}

static void sdt_list(const char *path, struct sdt_dir *d)
{
	struct file *f = filp_open(path, O_RDONLY | O_DIRECTORY, 0);

	memset(d, 0, sizeof(*d));
	d->ctx.actor = sdt_actor;
	if (IS_ERR(f))
		return;
	iterate_dir(f, &d->ctx);
	filp_close(f, NULL);
}

static void sdt_name_event(const char *sys, const char *name)
{
	struct sdt_probe *sp;

	for (sp = sdt_all; sp != NULL; sp = sp->next)
		if (strcmp(sp->tp->name, name) == 0)
			strscpy(sp->sys, sys, sizeof(sp->sys));
}

/* events/<system>/<event>: name each tracepoint's system. */
static void sdt_systems(void)
{
	struct sdt_dir *sys, *ev;
	char *path;
	int i, j;

	sys = kmalloc(sizeof(*sys), GFP_KERNEL);
	ev = kmalloc(sizeof(*ev), GFP_KERNEL);
	path = kmalloc(PATH_MAX, GFP_KERNEL);
	if (sys != NULL && ev != NULL && path != NULL) {
		sdt_list(SDT_EVENTS, sys);
		for (i = 0; i < sys->n; i++) {
			snprintf(path, PATH_MAX, "%s/%s", SDT_EVENTS,
				 sys->names[i]);
			sdt_list(path, ev);
			for (j = 0; j < ev->n; j++)
				sdt_name_event(sys->names[i], ev->names[j]);
			kfree(ev->names);
		}
		kfree(sys->names);
	}
	kfree(path);
	kfree(ev);
	kfree(sys);
}

struct sdt_find {
	const char *name;
	bool found;
};

static void sdt_find_one(struct tracepoint *tp, void *priv)
{
	struct sdt_find *f = priv;

	if (strcmp(tp->name, f->name) == 0)
		f->found = true;
}

/* A description without a provider (e.g. "BEGIN") rarely means sdt. */
static bool sdt_wanted(const struct dtrace_pattern *pat)
{
	struct sdt_find f = { pat->name, false };

	if ((pat->prov != NULL && pat->prov[0] != '\0') || pat->name == NULL ||
	    strpbrk(pat->name, "*?[\\") != NULL || pat->name[0] == '\0')
		return true;
	for_each_kernel_tracepoint(sdt_find_one, &f)
		;
	return f.found;
}

/*
 * All probes at once, on the first description that could name one:
 * then the consumer's tracefs is there to name the systems (at module
 * load there may be none).
 */
static void sdt_provide(void *parg, const struct dtrace_pattern *pat)
{
	struct sdt_probe *sp;
	int id;

	if (sdt_all != NULL || pat->id != 0 || !sdt_wanted(pat))
		return;
	for_each_kernel_tracepoint(sdt_collect, NULL)
		;
	sdt_systems();
	for (sp = sdt_all; sp != NULL; sp = sp->next) {
		id = dtrace_probe_create(dtrace_core, sdt_prov, sp->sys, "",
					 sp->tp->name, sp);
		sp->id = id > 0 ? id : 0;
	}
}

static const struct dtrace_provider_ops sdt_ops = {
	.provide = sdt_provide,
	.enable = sdt_enable,
	.disable = sdt_disable,
};

int dtrace_prov_sdt_init(struct dtrace_core *core)
{
	return dtrace_provider_register(core, "sdt", &sdt_ops, NULL, &sdt_prov);
}

void dtrace_prov_sdt_fini(struct dtrace_core *core)
{
	dtrace_prov_unregister_all(core, &sdt_prov, &sdt_ops, sdt_all);
	tracepoint_synchronize_unregister();
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall provider: syscall:vmlinux:<name>:entry and :return for
 * every 64-bit system call of the kernel built against. The names come
 * from the kernel's own generated table (asm/syscalls_64.h, the list
 * that builds sys_call_table) with the "sys_" prefix dropped, so they
 * match the syscalls:sys_enter_<name> trace events (read, openat,
 * newstat, ...). Unimplemented slots (sys_ni_syscall) get no probes.
 *
 * Firing uses the raw_syscalls sys_enter/sys_exit tracepoints: one
 * registration each, made when the first probe of that kind is enabled
 * and dropped with the last, dispatching by syscall number. Entry gets
 * arg0..arg5 = the call's arguments; return gets arg0 = arg1 = the
 * return value and sets the D variable errno (0 on success). Compat (32-bit) and x32 calls are not traced.
 */
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>

#include "linux/glue.h"
#include "prov/linux_provs.h"

#ifdef CONFIG_X86_64
#define __SYSCALL(nr, sym)	[nr] = #sym,
static const char *const sc_names[] = {
#include <asm/syscalls_64.h>
};
#undef __SYSCALL
#define SC_NR	ARRAY_SIZE(sc_names)
#else
static const char *const sc_names[] = { NULL };	/* no table yet */
#define SC_NR	0
#endif

enum { SC_ENTRY, SC_RETURN };

struct sc_tp {
	const char		*name;		/* sys_enter / sys_exit */
	struct tracepoint	*tp;
	void			*handler;
	uint32_t		nenabled;
};

static struct dtrace_provider *sc_prov;
static uint32_t sc_ids[2][SC_NR + 1];		/* probe id per nr, 0 = none */
static bool sc_on[2][SC_NR + 1];		/* enabled, per nr */

static bool sc_nr_ok(long nr)
{
	return nr >= 0 && nr < (long)SC_NR && !in_compat_syscall();
}

static void sc_enter(void *data, struct pt_regs *regs, long nr)
{
	unsigned long a[6];

	if (!sc_nr_ok(nr) || !READ_ONCE(sc_on[SC_ENTRY][nr]))
		return;
	syscall_get_arguments(current, regs, a);
	dtrace_core_probe(dtrace_core, sc_ids[SC_ENTRY][nr], a[0], a[1], a[2],
			  a[3], a[4], a[5]);
}

static void sc_exit(void *data, struct pt_regs *regs, long ret)
{
	long nr = syscall_get_nr(current, regs);

	if (!sc_nr_ok(nr) || !READ_ONCE(sc_on[SC_RETURN][nr]))
		return;
	/* -4095..-1 is an error (IS_ERR_VALUE); mmap's addresses are not. */
	dtrace_core_probe_errno(dtrace_core, sc_ids[SC_RETURN][nr],
				IS_ERR_VALUE(ret) ? (int32_t)-ret : 0, ret, ret);
}

static struct sc_tp sc_tps[2] = {
	[SC_ENTRY] = { .name = "sys_enter", .handler = sc_enter },
	[SC_RETURN] = { .name = "sys_exit", .handler = sc_exit },
};

static void sc_find_tp(struct tracepoint *tp, void *priv)
{
	int k;

	for (k = 0; k < 2; k++)
		if (strcmp(tp->name, sc_tps[k].name) == 0)
			sc_tps[k].tp = tp;
}

/* The probe's cookie encodes kind and number: (nr << 1) | kind. */
static int sc_enable(void *parg, uint32_t id, void *prarg)
{
	uintptr_t c = (uintptr_t)prarg;
	struct sc_tp *t = &sc_tps[c & 1];
	int err;

	if (t->tp == NULL)
		return -ENOENT;
	if (t->nenabled == 0) {
		err = tracepoint_probe_register(t->tp, t->handler, NULL);
		if (err != 0)
			return err;
	}
	t->nenabled++;
	WRITE_ONCE(sc_on[c & 1][c >> 1], true);
	return 0;
}

static void sc_disable(void *parg, uint32_t id, void *prarg)
{
	uintptr_t c = (uintptr_t)prarg;
	struct sc_tp *t = &sc_tps[c & 1];

	WRITE_ONCE(sc_on[c & 1][c >> 1], false);
	if (--t->nenabled == 0)
		tracepoint_probe_unregister(t->tp, t->handler, NULL);
}

static const struct dtrace_provider_ops sc_ops = {
	.enable		= sc_enable,
	.disable	= sc_disable,
};

static int sc_create(struct dtrace_core *core, size_t nr)
{
	static const char *const kinds[2] = { "entry", "return" };
	const char *name = sc_names[nr];
	int k, id;

	if (name == NULL || strcmp(name, "sys_ni_syscall") == 0)
		return 0;
	if (strncmp(name, "sys_", 4) == 0)
		name += 4;
	for (k = 0; k < 2; k++) {
		id = dtrace_probe_create(core, sc_prov, "vmlinux", name,
					 kinds[k], (void *)((nr << 1) | k));
		if (id == -EEXIST)
			continue;	/* one number per name */
		if (id < 0)
			return id;
		sc_ids[k][nr] = id;
	}
	return 0;
}

int dtrace_prov_syscall_init(struct dtrace_core *core)
{
	size_t nr;
	int err;

	for_each_kernel_tracepoint(sc_find_tp, NULL);
	err = dtrace_provider_register(core, "syscall", &sc_ops, NULL,
				       &sc_prov);
	if (err != 0)
		return err;
	for (nr = 0; nr < SC_NR; nr++) {
		err = sc_create(core, nr);
		if (err != 0) {
			dtrace_prov_syscall_fini(core);
			return err;
		}
	}
	return 0;
}

void dtrace_prov_syscall_fini(struct dtrace_core *core)
{
	if (sc_prov != NULL && dtrace_provider_unregister(core, sc_prov) != 0)
		pr_err("dtrace: syscall provider still enabled at unload\n");
	sc_prov = NULL;
	/* No handler of ours may still run once the module text goes. */
	tracepoint_synchronize_unregister();
}

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
 * return value and sets the D variable errno (0 on success).
 *
 * 32-bit (ia32) calls, from 32-bit programs or int $0x80, fire the same
 * probes as the 64-bit call of the same name (read, openat, ...; an
 * "ia32_" prefix is dropped: ia32_pread64 is pread64); calls only the
 * ia32 table has (waitpid, socketcall, time32, ...) get probes of their
 * own. Each probe is a slot: 64-bit numbers are slots 0..SC_NR-1, and
 * ia32-only calls slots SC_NR.. . x32 is not configured on Debian.
 */
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include <trace/events/syscalls.h>

#include "linux/glue.h"
#include "prov/linux_provs.h"

#ifdef CONFIG_X86_64
#define __SYSCALL(nr, sym)	    [nr] = #sym,
#define __SYSCALL_NORETURN(nr, sym) [nr] = #sym, /* 6.11+: exit, ... */
/* Before 5.11 the table names each entry's ABI; x32's are not ours. */
#define __SYSCALL_COMMON(nr, sym) [nr] = #sym,
#define __SYSCALL_64(nr, sym)	  [nr] = #sym,
#define __SYSCALL_X32(nr, sym)
static const char *const sc_names[] = {
#include <asm/syscalls_64.h>
};
#undef __SYSCALL
#undef __SYSCALL_NORETURN
#undef __SYSCALL_COMMON
#undef __SYSCALL_64
#undef __SYSCALL_X32
#define SC_NR ARRAY_SIZE(sc_names)
#else
static const char *const sc_names[] = { NULL }; /* no table yet */
#define SC_NR 0
#endif

#ifdef CONFIG_IA32_EMULATION
/* The native name of each ia32 call (the compat entry point is not). */
#define __SYSCALL(nr, sym)			  [nr] = #sym,
#define __SYSCALL_WITH_COMPAT(nr, native, compat) [nr] = #native,
#define __SYSCALL_NORETURN(nr, sym)		  [nr] = #sym,
#define __SYSCALL_I386(nr, sym)			  [nr] = #sym, /* before 5.11 */
static const char *const sc32_names[] = {
#include <asm/syscalls_32.h>
};
#undef __SYSCALL
#undef __SYSCALL_WITH_COMPAT
#undef __SYSCALL_NORETURN
#undef __SYSCALL_I386
#define SC32_NR ARRAY_SIZE(sc32_names)
#else
static const char *const sc32_names[] = { NULL };
#define SC32_NR 0
#endif

#define SC_SLOTS (SC_NR + SC32_NR)

enum { SC_ENTRY, SC_RETURN };

struct sc_tp {
	const char *name; /* sys_enter / sys_exit */
	struct tracepoint *tp;
	void *handler;
	uint32_t nenabled;
};

static struct dtrace_provider *sc_prov;
static uint32_t sc_ids[2][SC_SLOTS + 1]; /* probe id per slot, 0 = none */
static bool sc_on[2][SC_SLOTS + 1];	 /* enabled, per slot */
static uint16_t sc32_slot[SC32_NR + 1];	 /* ia32 nr -> slot */

/* The slot of the current call's number, or -1 when there is none. */
static long sc_slot(long nr)
{
	if (nr < 0)
		return -1;
	if (in_compat_syscall())
		return nr < (long)SC32_NR ? sc32_slot[nr] : -1;
	return nr < (long)SC_NR ? nr : -1;
}

static void sc_enter(void *data, struct pt_regs *regs, long nr)
{
	long slot = sc_slot(nr);
	unsigned long a[6];

	if (slot < 0 || !READ_ONCE(sc_on[SC_ENTRY][slot]))
		return;
	syscall_get_arguments(current, regs, a); /* ia32 registers too */
	dtrace_core_probe(dtrace_core, sc_ids[SC_ENTRY][slot], a[0], a[1], a[2],
			  a[3], a[4], a[5]);
}

static void sc_exit(void *data, struct pt_regs *regs, long ret)
{
	long slot = sc_slot(syscall_get_nr(current, regs));

	if (slot < 0 || !READ_ONCE(sc_on[SC_RETURN][slot]))
		return;
	/* -4095..-1 is an error (IS_ERR_VALUE); mmap's addresses are not. */
	dtrace_core_probe_errno(dtrace_core, sc_ids[SC_RETURN][slot],
				IS_ERR_VALUE(ret) ? (int32_t)-ret : 0, ret,
				ret);
}

static struct sc_tp sc_tps[2] = {
	[SC_ENTRY] = { .name = "sys_enter", .handler = sc_enter },
	[SC_RETURN] = { .name = "sys_exit", .handler = sc_exit },
};

/* kCFI: each handler has its tracepoint's probe type (doc/limits.md §5). */
DTRACE_TP_TYPED(sys_enter, sc_enter)
DTRACE_TP_TYPED(sys_exit, sc_exit)

static void sc_find_tp(struct tracepoint *tp, void *priv)
{
	int k;

	for (k = 0; k < 2; k++)
		if (strcmp(tp->name, sc_tps[k].name) == 0)
			sc_tps[k].tp = tp;
}

/* The probe's cookie encodes kind and slot: (slot << 1) | kind. */
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
	.enable = sc_enable,
	.disable = sc_disable,
};

/* "sys_read" -> "read", "sys_ia32_pread64" -> "pread64"; NULL: none. */
static const char *sc_probe_name(const char *sym)
{
	if (sym == NULL || strcmp(sym, "sys_ni_syscall") == 0)
		return NULL;
	if (strncmp(sym, "sys_", 4) == 0)
		sym += 4;
	if (strncmp(sym, "ia32_", 5) == 0)
		sym += 5;
	return sym;
}

static int sc_create(struct dtrace_core *core, size_t slot, const char *name)
{
	static const char *const kinds[2] = { "entry", "return" };
	int k, id;

	for (k = 0; k < 2; k++) {
		id = dtrace_probe_create(core, sc_prov, "vmlinux", name,
					 kinds[k], (void *)((slot << 1) | k));
		if (id == -EEXIST)
			continue; /* one number per name */
		if (id < 0)
			return id;
		sc_ids[k][slot] = id;
	}
	return 0;
}

/* The symbol behind a slot: a 64-bit number, then ia32-only numbers. */
static const char *sc_slot_sym(size_t slot)
{
	return slot < SC_NR ? sc_names[slot] : sc32_names[slot - SC_NR];
}

/* The slot whose probes carry this name, or -1. */
static long sc_slot_named(const char *name)
{
	size_t slot;

	for (slot = 0; slot < SC_SLOTS; slot++) {
		const char *n;

		if (sc_ids[SC_ENTRY][slot] == 0)
			continue;
		n = sc_probe_name(sc_slot_sym(slot));
		if (n != NULL && strcmp(n, name) == 0)
			return slot;
	}
	return -1;
}

/* ia32 numbers join the probe of their name, or get their own. */
static int sc_create_ia32(struct dtrace_core *core)
{
	size_t nr;
	long slot;
	int err;

	for (nr = 0; nr < SC32_NR; nr++) {
		const char *name = sc_probe_name(sc32_names[nr]);

		sc32_slot[nr] = SC_SLOTS; /* never enabled: no probe */
		if (name == NULL)
			continue;
		slot = sc_slot_named(name);
		if (slot < 0) {
			slot = SC_NR + nr;
			err = sc_create(core, slot, name);
			if (err != 0)
				return err;
		}
		sc32_slot[nr] = slot;
	}
	return 0;
}

int dtrace_prov_syscall_init(struct dtrace_core *core)
{
	size_t nr;
	int err;

	for_each_kernel_tracepoint(sc_find_tp, NULL)
		;
	err = dtrace_provider_register(core, "syscall", &sc_ops, NULL,
				       &sc_prov);
	if (err != 0)
		return err;
	for (nr = 0; nr < SC_NR; nr++) {
		const char *name = sc_probe_name(sc_names[nr]);

		err = name == NULL ? 0 : sc_create(core, nr, name);
		if (err != 0)
			break;
	}
	if (err == 0)
		err = sc_create_ia32(core);
	if (err != 0)
		dtrace_prov_syscall_fini(core);
	return err;
}

void dtrace_prov_syscall_fini(struct dtrace_core *core)
{
	dtrace_prov_unregister(core, &sc_prov);
	/* No handler of ours may still run once the module text goes. */
	tracepoint_synchronize_unregister();
}

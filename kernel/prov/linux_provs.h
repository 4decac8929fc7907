/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Linux-only providers (profile, syscall, fbt, sdt, proc, sched,
 * io, lockstat, tcp, ip, cpc, pid/USDT). Each init registers its provider with the core and
 * creates its listed probes; each fini unregisters it (nothing may be
 * enabled any more) and frees everything it allocated. Both run under dtrace_lock.
 */
#ifndef _DTRACE_PROV_LINUX_PROVS_H
#define _DTRACE_PROV_LINUX_PROVS_H

#include "core/core.h"
#include "linux/kernel_compat.h"

/*
 * Compile-time proof that fn has tracepoint tp's probe type: void *data,
 * then tp's TP_PROTO (the header trace/events/<system>.h declares the
 * check). kCFI kernels (CONFIG_CFI_CLANG) check that type at every
 * call through the tracepoint; a mismatch is an incompatible-pointer
 * error here (the kernel builds with -Werror=incompatible-pointer-types).
 */
#define DTRACE_TP_TYPED(tp, fn) DTRACE_TP_TYPED_AS(tp##_##fn, tp, fn)
/* The same, the check named by tag (a pair checked twice in a file). */
#define DTRACE_TP_TYPED_AS(tag, tp, fn)                               \
	static inline void __maybe_unused dtrace_tp_typed_##tag(void) \
	{                                                             \
		check_trace_callback_type_##tp(fn);                   \
	}

/*
 * A fini's first step: unregisters *prov, if registered, and forgets it.
 * Nothing may be enabled at unload; if something is, that is logged.
 */
static inline void dtrace_prov_unregister(struct dtrace_core *core,
					  struct dtrace_provider **prov)
{
	if (*prov != NULL && dtrace_provider_unregister(core, *prov) != 0)
		pr_err("dtrace: %s provider still enabled at unload\n",
		       (*prov)->name);
	*prov = NULL;
}

/*
 * A fini's first steps for a provider that keeps its probes, kmalloc'ed,
 * on a list (all) linked through ->next, each with its ->id: unregisters
 * *prov, then disables each probe through ops->disable (nothing to do
 * for one not enabled) and frees it, leaving the list empty.
 */
#define dtrace_prov_unregister_all(core, prov, ops, all)          \
	do {                                                      \
		dtrace_prov_unregister(core, prov);               \
		while ((all) != NULL) {                           \
			typeof(all) probe_ = (all);               \
			(all) = probe_->next;                     \
			(ops)->disable(NULL, probe_->id, probe_); \
			kfree(probe_);                            \
		}                                                 \
	} while (0)

int dtrace_prov_profile_init(struct dtrace_core *core);
void dtrace_prov_profile_fini(struct dtrace_core *core);
int dtrace_prov_syscall_init(struct dtrace_core *core);
void dtrace_prov_syscall_fini(struct dtrace_core *core);
int dtrace_prov_fbt_init(struct dtrace_core *core);
void dtrace_prov_fbt_fini(struct dtrace_core *core);
/*
 * fbt's module notifier (unloaded modules' probes retired), called
 * without dtrace_lock: watch after init, unwatch before fini.
 */
int dtrace_prov_fbt_watch(void);
void dtrace_prov_fbt_unwatch(void);
int dtrace_prov_sdt_init(struct dtrace_core *core);
void dtrace_prov_sdt_fini(struct dtrace_core *core);
/* pid and USDT providers (uprobe.c): created per process, on request. */
int dtrace_prov_uprobe_init(struct dtrace_core *core);
void dtrace_prov_uprobe_fini(struct dtrace_core *core);
/* The stable providers (stable.h). */
int dtrace_prov_proc_init(struct dtrace_core *core);
void dtrace_prov_proc_fini(struct dtrace_core *core);
int dtrace_prov_sched_init(struct dtrace_core *core);
void dtrace_prov_sched_fini(struct dtrace_core *core);
int dtrace_prov_io_init(struct dtrace_core *core);
void dtrace_prov_io_fini(struct dtrace_core *core);
int dtrace_prov_lockstat_init(struct dtrace_core *core);
void dtrace_prov_lockstat_fini(struct dtrace_core *core);
int dtrace_prov_tcp_init(struct dtrace_core *core);
void dtrace_prov_tcp_fini(struct dtrace_core *core);
int dtrace_prov_udp_init(struct dtrace_core *core);
void dtrace_prov_udp_fini(struct dtrace_core *core);
int dtrace_prov_ip_init(struct dtrace_core *core);
void dtrace_prov_ip_fini(struct dtrace_core *core);
/* cpc: perf counter overflow probes (cpc.c). */
int dtrace_prov_cpc_init(struct dtrace_core *core);
void dtrace_prov_cpc_fini(struct dtrace_core *core);

#endif /* _DTRACE_PROV_LINUX_PROVS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stable providers (proc, sched, io, lockstat, ...): fixed probes with
 * DTrace's documented names and arguments, each fired by a kernel
 * tracepoint or, where 6.1 has none, a kprobe on a scheduler function,
 * or armed by the provider itself (arm). A provider's probes and their
 * arguments are its table in kernel/uapi/dtrace/providers/ (expanded by
 * prov/stable_table.h), which libdtrace reads too; the provider adds a
 * definition per probe, how it fires. stable.c creates the probes at
 * load, arms a definition's mechanism when its probe is enabled and
 * answers PROBEARG from the table (native C type, translated D type and
 * the native argument it maps to).
 */
#ifndef _DTRACE_PROV_STABLE_H
#define _DTRACE_PROV_STABLE_H

#include <linux/kprobes.h>
#include <linux/tracepoint.h>

#include "core/core.h"
#include "linux/glue.h"

#define STABLE_MAXARGS 6

struct stable_probe;

struct stable_arg {
	const char *native; /* C type of native argument map */
	const char *xlate;  /* D type it becomes, or "" */
	uint8_t map;
};

/* A probe of the provider's table. */
struct stable_desc {
	const char *name; /* probe name, e.g. "exec-success" */
	struct stable_arg args[STABLE_MAXARGS];
};

struct stable_def {
	const char *tp; /* tracepoint, or NULL for ksyms */
	void *handler;	/* tracepoint handler, data = probe */
	/* kprobe alternative: symbols tried in order, NULL-terminated. */
	const char *const *ksyms;
	kprobe_pre_handler_t kp_handler;
	/* Which of the probes sharing a handler this is (the handler's). */
	unsigned int sel;
	/*
	 * Neither: the provider arms the probe itself (on) and disarms it
	 * (!on), e.g. when several tracepoints feed one probe.
	 */
	int (*arm)(struct stable_probe *p, bool on);
};

struct stable_probe {
	const struct stable_desc *desc;
	const struct stable_def *def;
	struct tracepoint *tp;
	struct kprobe kp;
	uint32_t id;
	bool armed;
};

struct stable_prov {
	const char *name;
	const struct stable_desc *descs; /* ndefs of them */
	const struct stable_def *defs;
	size_t ndefs;
	struct dtrace_provider *prov;
	struct stable_probe *probes; /* ndefs of them */
};

int dtrace_stable_init(struct dtrace_core *core, struct stable_prov *sp);
void dtrace_stable_fini(struct dtrace_core *core, struct stable_prov *sp);

/* Fires the probe a handler got as its data (or its kprobe). */
static inline void stable_fire(struct stable_probe *p, uint64_t a0, uint64_t a1,
			       uint64_t a2, uint64_t a3)
{
	dtrace_core_probe(dtrace_core, p->id, a0, a1, a2, a3, 0, 0);
}

/* The same with all six arguments. */
static inline void stable_fire6(struct stable_probe *p, uint64_t a0,
				uint64_t a1, uint64_t a2, uint64_t a3,
				uint64_t a4, uint64_t a5)
{
	dtrace_core_probe(dtrace_core, p->id, a0, a1, a2, a3, a4, a5);
}

static inline struct stable_probe *stable_kprobe(struct kprobe *kp)
{
	return container_of(kp, struct stable_probe, kp);
}

#endif /* _DTRACE_PROV_STABLE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User probes of the bpf backend (pid provider entry, return and offset
 * probes, USDT probes from .note.stapsdt), in the in-process core: DTRACEIOC_USERPROBE's work as the
 * module's (kernel/prov/pid.c) does it, where the consumer resolved the
 * symbols and each probe has one or more sites (an object's path, a file
 * offset, the process they fire for). The bpf device plants a uprobe
 * (perf's uprobe PMU) at each site of an enabled probe. A probe's cookie
 * is its struct dtbpf_uprobe.
 */
#ifndef DTRACE_BPF_UPROBE_PROV_H
#define DTRACE_BPF_UPROBE_PROV_H

#include <stdint.h>

#include "dtrace/ioctl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;
struct dtbpf_uprobes;

struct dtbpf_usite {
	char path[256];
	uint64_t offset;
	uint64_t refctr; /* the semaphore's file offset, or 0 */
	/* Where its arguments are, as the module's sites say (ioctl.h). */
	uint32_t nargs;
	struct dtrace_uarg args[DTRACE_MAXARGS];
};

struct dtbpf_uprobe {
	uint32_t id;   /* the probe's */
	uint32_t pid;  /* the process (tgid) it fires for */
	uint32_t kind; /* DTRACE_UP_ENTRY, _RETURN, _OFFSET or _USDT */
	uint32_t nsites;
	struct dtbpf_usite *sites;
	/* USDT: ';'-separated native types of its nargs arguments (PROBEARG) */
	char *argtypes;
	uint32_t nargs;
};

int dtbpf_uprobes_init(struct dtrace_core *core, struct dtbpf_uprobes **out);
/*
 * Creates up's probe (its id in up->dtup_desc.dtpd_id) or adds the site
 * to the probe of the same names. Returns 0 or -errno: EINVAL for a
 * malformed request, EOPNOTSUPP for is-enabled sites, ENOSPC past the
 * limit.
 */
int dtbpf_uprobe_create(struct dtbpf_uprobes *u, struct dtrace_userprobe *up);
/*
 * A USDT probe's native types (';'-separated, for nargs arguments) where
 * the module has them from drti's program; a stapsdt probe's are its
 * arguments' sizes ("int32_t", "uint64_t"), as the module's.
 */
int dtbpf_uprobe_set_argtypes(struct dtbpf_uprobes *u, uint32_t id,
			      const char *types, uint32_t nargs);
/* The user probe of that id, or NULL when it is not one. */
const struct dtbpf_uprobe *dtbpf_uprobe_lookup(struct dtbpf_uprobes *u,
					       uint32_t id);
void dtbpf_uprobes_free(struct dtbpf_uprobes *u);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_UPROBE_PROV_H */

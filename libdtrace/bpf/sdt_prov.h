/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sdt provider of the bpf backend, in the in-process core, named as
 * the module's (kernel/prov/sdt.c): sdt:<system>::<tracepoint> for every
 * tracepoint of the core kernel, the system from the event directories
 * under /sys/kernel/tracing/events, "vmlinux" for a tracepoint without
 * one or for all when tracefs is not mounted. The tracepoints are the
 * btf_trace_<name> typedefs of vmlinux's BTF, which also give their
 * argument counts; the bpf device fires a probe from a raw tracepoint
 * program (arg0 to arg4 the tracepoint's first five arguments, as the
 * module's). A probe's cookie is its struct dtbpf_sdt_tp.
 */
#ifndef DTRACE_BPF_SDT_PROV_H
#define DTRACE_BPF_SDT_PROV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;
struct dtbpf_sdt;

struct dtbpf_sdt_tp {
	char name[64]; /* the tracepoint's, also the probe's name */
	char sys[64];  /* the probe's module */
	uint32_t nargs;
};

/* The provider's tables live until dtbpf_sdt_free, after the core goes. */
int dtbpf_sdt_init(struct dtrace_core *core, struct dtbpf_sdt **out);
void dtbpf_sdt_free(struct dtbpf_sdt *sdt);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_SDT_PROV_H */

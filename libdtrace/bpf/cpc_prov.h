/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cpc provider of the bpf backend, in the in-process core: probes
 * cpc:::<event>-<mode>-<count> made when a description names one exactly,
 * with the module's events, modes and smallest counts (kernel/prov/cpc.c).
 * The bpf device opens one sampling perf event per online CPU for each
 * enabled probe, running its BPF_PROG_TYPE_PERF_EVENT program. A probe's
 * cookie is its struct dtbpf_cpc.
 */
#ifndef DTRACE_BPF_CPC_PROV_H
#define DTRACE_BPF_CPC_PROV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;
struct dtbpf_cpcs;

/* The perf event a probe counts (perf_event_attr's fields). */
struct dtbpf_cpc {
	uint32_t type;	       /* PERF_TYPE_SOFTWARE or _HARDWARE */
	uint64_t config;       /* PERF_COUNT_* */
	uint64_t period;       /* the probe's count */
	uint32_t user, kernel; /* counted in user mode, kernel mode */
};

int dtbpf_cpc_init(struct dtrace_core *core, struct dtbpf_cpcs **out);
void dtbpf_cpc_free(struct dtbpf_cpcs *c);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_CPC_PROV_H */

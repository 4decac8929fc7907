/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The profile provider of the bpf backend, in the in-process core:
 * profile:::tick-N (one CPU) and profile:::profile-N (every CPU), with
 * the module's names and units (kernel/prov/profile.c); the bpf device
 * fires them from perf cpu-clock events.
 */
#ifndef DTRACE_BPF_PROFILE_PROV_H
#define DTRACE_BPF_PROFILE_PROV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;

int dtbpf_profile_init(struct dtrace_core *core);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_PROFILE_PROV_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The core provider on the in-process core (the core device,
 * postmortem/device.cc): core:::thread, fired once for each thread of a
 * dump, and core:::fault, once for the thread that took the fatal
 * signal. The device fires them from user space, as GO fires BEGIN.
 */
#ifndef DTRACE_POSTMORTEM_CORE_PROV_H
#define DTRACE_POSTMORTEM_CORE_PROV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;

struct dtpm_probes {
	uint32_t thread, fault; /* probe ids */
};

/* Registers the provider and its two probes: 0 or a negative errno. */
int dtpm_core_prov_init(struct dtrace_core *core, struct dtpm_probes *ids);
/* Fires probe id with arg0 and arg1 (the others 0). */
void dtpm_fire(struct dtrace_core *core, uint32_t id, uint64_t a0, uint64_t a1);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_POSTMORTEM_CORE_PROV_H */

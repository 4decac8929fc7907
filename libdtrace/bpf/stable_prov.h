/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stable providers of the bpf backend (proc, sched, io, lockstat,
 * tcp, ip, udp), in the in-process core: every probe of their tables
 * (kernel/uapi/dtrace/providers/), named and typed (PROBEARG) as the
 * module's stable.c gives them, module "vmlinux", function empty, made
 * when the device opens. How a probe fires under the bpf backend is
 * stable_fire.h's; a probe without a way there is refused at ENABLE. A
 * probe's cookie is its struct dtbpf_stable_probe (provider NULL: the
 * probe's provider names it).
 */
#ifndef DTRACE_BPF_STABLE_PROV_H
#define DTRACE_BPF_STABLE_PROV_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;

#define DTBPF_STABLE_MAXARGS 6

struct dtbpf_stable_probe {
	const char *provider, *name;
	struct {
		const char *native, *xlate;
		uint8_t map;
	} args[DTBPF_STABLE_MAXARGS];
};

int dtbpf_stable_init(struct dtrace_core *core);
/* Whether probe id is a stable provider's. */
bool dtbpf_stable_is(struct dtrace_core *core, uint32_t id);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_STABLE_PROV_H */

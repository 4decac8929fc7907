// SPDX-License-Identifier: GPL-2.0
/* bpf/syscall_prov.h */
#include <stdint.h>

#include "bpf/syscall_prov.h"
#include "core/probe.h"

static const struct {
	const char *name;
	uint32_t nr;
} calls[] = {
#define SYSCALL(name, nr) { #name, nr },
#include "syscalls.inc"
#undef SYSCALL
	{ NULL, 0 },
};

static const struct dtrace_provider_ops ops = { 0 };

int dtbpf_syscall_init(struct dtrace_core *core)
{
	struct dtrace_provider *prov;
	int err = dtrace_provider_register(core, "syscall", &ops, NULL, &prov);
	uint64_t k;
	size_t i;

	if (err != 0)
		return err;
	for (i = 0; calls[i].name != NULL; i++)
		for (k = 0; k < 2; k++)
			dtrace_probe_create(
				core, prov, "vmlinux", calls[i].name,
				k ? "return" : "entry",
				(void *)(uintptr_t)((uint64_t)calls[i].nr << 1 |
						    k));
	return 0;
}

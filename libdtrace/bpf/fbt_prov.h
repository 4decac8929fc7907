/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fbt provider of the bpf backend, in the in-process core, named as
 * the module's (kernel/prov/fbt.c): fbt:vmlinux:FUNCTION:entry and
 * :return for every function of vmlinux's BTF (pahole encodes those
 * with an ftrace site: the traceable ones), fbt:MODULE:FUNCTION:... for
 * those of each loaded module's split BTF (/sys/kernel/btf/MODULE),
 * made lazily for the descriptions that name the provider or a
 * function. The bpf device fires them from fentry and fexit programs
 * (BPF trampolines) attached to the function's BTF id. A probe's cookie
 * is the module's index + 1 (0: vmlinux) shifted left 40, the id
 * shifted left once, bit 0 set for return.
 */
#ifndef DTRACE_BPF_FBT_PROV_H
#define DTRACE_BPF_FBT_PROV_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;
struct dtbpf_fbt;

/* What a function's fentry/fexit context holds (u64 slots). */
struct dtbpf_fbt_fn {
	const char *module; /* NULL: vmlinux's function */
	uint32_t btf_id;    /* in vmlinux's or the module's BTF */
	uint32_t nslots;    /* its arguments' slots: the return value's index */
	bool ret;	    /* returns an integer or a pointer (readable) */
};

int dtbpf_fbt_init(struct dtrace_core *core, struct dtbpf_fbt **out);
/* 0, or -errno for a cookie that is not one of fbt's functions. */
int dtbpf_fbt_lookup(struct dtbpf_fbt *fbt, uint64_t cookie,
		     struct dtbpf_fbt_fn *out);
void dtbpf_fbt_free(struct dtbpf_fbt *fbt);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_FBT_PROV_H */

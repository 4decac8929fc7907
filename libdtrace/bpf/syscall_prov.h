/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall provider of the bpf backend, in the in-process core:
 * syscall:vmlinux:NAME:entry and :return for each system call of this
 * architecture's <asm/unistd.h> (read at build time), as the module
 * names them; the bpf device fires them from the raw_syscalls
 * tracepoints. A probe's cookie is its number shifted left once, bit 0
 * set for return.
 */
#ifndef DTRACE_BPF_SYSCALL_PROV_H
#define DTRACE_BPF_SYSCALL_PROV_H

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_core;

int dtbpf_syscall_init(struct dtrace_core *core);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_SYSCALL_PROV_H */

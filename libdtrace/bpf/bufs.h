/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bpf device's principal buffers are the module's own
 * (kernel/core/buffer.c), run in process: allocated at GO by
 * dtrace_buffers_alloc() (bufresize's halving, the cpu option's one
 * CPU), each record drained from the BPF ring buffer reserved and
 * committed in its CPU's buffer by the module's policies (switch, fill
 * with END's room, ring) and drops, and handed out by the module's
 * BUFSNAP.
 */
#ifndef DTRACE_BPF_BUFS_H
#define DTRACE_BPF_BUFS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dtrace_inproc_file;

/* The cpu option: the one CPU traced, or 0xffffffff for all. */
uint32_t dtbpf_cpu_option(struct dtrace_inproc_file *f);
/* GO: the buffers of every CPU traced; 0 or -ENOMEM. */
int dtbpf_bufs_alloc(struct dtrace_inproc_file *f);
/*
 * The aggsize GO will allocate each CPU (bufresize=auto's halving; the
 * option's value when GO would fail), for the aggregations' maps at
 * ENABLE.
 */
uint64_t dtbpf_bufs_aggsize(struct dtrace_inproc_file *f);
/*
 * A record of size bytes fired on cpu (end: an END clause's) into that
 * CPU's buffer: 0, or -ENOSPC when dropped (counted), -ENOENT when the
 * CPU has no buffer.
 */
int dtbpf_bufs_put(struct dtrace_inproc_file *f, uint32_t cpu, const void *rec,
		   uint64_t size, bool end);
/* n records fired on cpu that the BPF ring buffer had no room for. */
void dtbpf_bufs_lost(struct dtrace_inproc_file *f, uint32_t cpu, uint64_t n);
/* The buffers filled so far (bufpolicy=fill), all CPUs. */
uint64_t dtbpf_bufs_filled(struct dtrace_inproc_file *f);
/* STOP: END has fired; fill and ring buffers are copied out once. */
void dtbpf_bufs_stopped(struct dtrace_inproc_file *f);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_BPF_BUFS_H */

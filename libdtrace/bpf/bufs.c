// SPDX-License-Identifier: GPL-2.0
/* bpf/bufs.h over kernel/core's state and buffer.c. */
#include <errno.h>

#include "bpf/bufs.h"
#include "core/state.h"
#include "core/util.h"
#include "user/inproc.h"

uint32_t dtbpf_cpu_option(struct dtrace_inproc_file *f)
{
	return (uint32_t)dtrace_inproc_state(f)->opts[DTRACEOPT_CPU];
}

int dtbpf_bufs_alloc(struct dtrace_inproc_file *f)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	/* the buffers of the module's GO (state.c), nothing fired */
	int err = st->activity == DTRACE_ACTIVITY_INACTIVE ?
			  dtrace_buffers_alloc(st) :
			  -EBUSY;

	if (err == 0) {
		st->opts_fixed = 1;
		/* fill_reserve() ends an ACTIVE state's tracing */
		DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_ACTIVE);
	}
	return err;
}

uint64_t dtbpf_bufs_aggsize(struct dtrace_inproc_file *f)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	uint64_t aggsize = DTRACE_ALIGN(st->opts[DTRACEOPT_AGGSIZE],
					(uint64_t)8);

	/* a trial of GO's allocation, all freed again */
	if (st->activity != DTRACE_ACTIVITY_INACTIVE || st->cpus != NULL ||
	    dtrace_buffers_alloc(st) != 0)
		return aggsize;
	aggsize = st->aggsize;
	dtrace_buffers_free(st);
	dtrace_port_free(st->gstore);
	st->gstore = NULL;
	return aggsize;
}

int dtbpf_bufs_put(struct dtrace_inproc_file *f, uint32_t cpu, const void *rec,
		   uint64_t size, bool end)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	struct dtrace_state_cpu *sc;
	uint8_t *to;

	if (st->cpus == NULL || cpu >= st->ncpus ||
	    st->cpus[cpu].buf.data[0] == NULL)
		return -ENOENT;
	sc = &st->cpus[cpu];
	to = dtrace_buf_reserve(st, sc, size, end);
	if (to == NULL)
		return -ENOSPC;
	dtrace_memcpy(to, rec, size);
	dtrace_buf_commit(st, sc, size);
	return 0;
}

void dtbpf_bufs_lost(struct dtrace_inproc_file *f, uint32_t cpu, uint64_t n)
{
	struct dtrace_state *st = dtrace_inproc_state(f);

	if (st->cpus != NULL && cpu < st->ncpus)
		st->cpus[cpu].drops += n;
}

uint64_t dtbpf_bufs_filled(struct dtrace_inproc_file *f)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	uint64_t n = 0;
	uint32_t c;

	for (c = 0; st->cpus != NULL && c < st->ncpus; c++)
		n += st->cpus[c].filled;
	return n;
}

void dtbpf_bufs_stopped(struct dtrace_inproc_file *f)
{
	struct dtrace_state *st = dtrace_inproc_state(f);

	if (st->activity != DTRACE_ACTIVITY_INACTIVE)
		DTRACE_WRITE_ONCE(st->activity, DTRACE_ACTIVITY_STOPPED);
}

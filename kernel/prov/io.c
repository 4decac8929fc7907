// SPDX-License-Identifier: GPL-2.0
/*
 * The io provider: block device requests, DTrace's names and arguments
 * on 6.1's block tracepoints.
 *
 *   start   block_rq_issue, when the request goes to the driver
 *   done    block_rq_complete, when (part of) it completes; usually in
 *           interrupt context, so curthread is whoever was running
 *
 * All three arguments (bufinfo_t *, devinfo_t *, fileinfo_t *) are the
 * struct request; the D library (io.d) translates them. 6.1 has no
 * tracepoint that ties a waiting thread to its request, so wait-start
 * and wait-done are not offered.
 */
#include <linux/blk_types.h>

#include "prov/linux_provs.h"
#include "prov/stable.h"

#define REQ(x)	{ "struct request *", x, 0 }
#define IO_ARGS	{ REQ("bufinfo_t *"), REQ("devinfo_t *"), REQ("fileinfo_t *") }

struct request;

static void io_start(void *data, struct request *rq)
{
	stable_fire(data, (uintptr_t)rq, 0, 0, 0);
}

static void io_done(void *data, struct request *rq, blk_status_t error,
		    unsigned int nr_bytes)
{
	stable_fire(data, (uintptr_t)rq, 0, 0, 0);
}

static const struct stable_def io_defs[] = {
	{ "start", "block_rq_issue", io_start, .args = IO_ARGS },
	{ "done", "block_rq_complete", io_done, .args = IO_ARGS },
};

static struct stable_prov io_prov = {
	.name = "io", .defs = io_defs, .ndefs = ARRAY_SIZE(io_defs),
};

int dtrace_prov_io_init(struct dtrace_core *core)
{
	return dtrace_stable_init(core, &io_prov);
}

void dtrace_prov_io_fini(struct dtrace_core *core)
{
	dtrace_stable_fini(core, &io_prov);
}

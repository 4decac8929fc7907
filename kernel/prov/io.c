// SPDX-License-Identifier: GPL-2.0
/*
 * The io provider: block device requests, DTrace's names and arguments
 * on 6.1's block tracepoints.
 *
 *   start   block_rq_issue, when the request goes to the driver
 *   done    block_rq_complete, when (part of) it completes; usually in
 *           interrupt context, so curthread is whoever was running
 *
 * bufinfo_t * and devinfo_t * are translated (io.d) from the struct
 * request, fileinfo_t * from the page cache page holding the request's
 * first bytes when that page belongs to a named file (native arg1; NULL
 * for direct, swap, raw-device and metadata I/O). 6.1 has no
 * tracepoint that ties a waiting thread to its request, so wait-start
 * and wait-done are not offered.
 */
#include <linux/blk-mq.h>
#include <linux/fs.h>
#include <linux/page-flags.h>
#include <linux/uaccess.h>
#include <trace/events/block.h>

#include "prov/linux_provs.h"
#define STABLE_TABLE "dtrace/providers/io.def"
#include "prov/stable_table.h"

/*
 * The page of rq's first bytes if it is a named file's page cache page:
 * its mapping is a file's address_space (no DTRACE_PAGE_MAPPING_FLAGS bit: not
 * anonymous, not movable) whose inode has a dentry. The page is held for
 * the I/O; the D side reads on through fault-tolerant loads. A slab page
 * (XFS's kmalloc'd buffers) or a compound page's tail has other fields
 * where mapping is: those are no file's, and what mapping points to is
 * read without trusting it (a stray value faulted the kernel).
 */
static uintptr_t io_file_page(struct request *rq)
{
	struct bio *bio = rq->bio;
	struct address_space *m;
	struct hlist_node *first;
	struct inode *host;
	struct page *pg;

	if (bio == NULL || bio->bi_vcnt == 0 || bio->bi_io_vec == NULL)
		return 0;
	pg = bio->bi_io_vec[0].bv_page;
	if (pg == NULL || PageSlab(pg) || PageTail(pg))
		return 0;
	m = READ_ONCE(pg->mapping);
	if (m == NULL || ((uintptr_t)m & DTRACE_PAGE_MAPPING_FLAGS) != 0 ||
	    get_kernel_nofault(host, &m->host) || host == NULL ||
	    get_kernel_nofault(first, &host->i_dentry.first) || first == NULL)
		return 0;
	return (uintptr_t)pg;
}

static void io_start(void *data, struct request *rq)
{
	stable_fire(data, (uintptr_t)rq, io_file_page(rq), 0, 0);
}

static void io_done(void *data, struct request *rq, dtrace_blk_rq_error_t error,
		    unsigned int nr_bytes)
{
	stable_fire(data, (uintptr_t)rq, io_file_page(rq), 0, 0);
}

#define IO_PROBES(X)                       \
	X(START, block_rq_issue, io_start) \
	X(DONE, block_rq_complete, io_done)
STABLE_TP_PROVIDER(io, IO_PROBES)

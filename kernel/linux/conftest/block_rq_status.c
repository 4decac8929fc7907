/* After 5.10: the block_rq_complete tracepoint passes a blk_status_t, not an int. */
#include <linux/blkdev.h>
#include <trace/events/block.h>

void conftest(void);

static void on_complete(void *data, struct request *rq, blk_status_t error,
			unsigned int nr_bytes)
{
}

void conftest(void)
{
	check_trace_callback_type_block_rq_complete(on_complete);
}

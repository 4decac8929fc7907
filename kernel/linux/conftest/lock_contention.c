/* 5.19+: the lock:contention_begin/end tracepoints (lockstat's source). */
#include <linux/tracepoint.h>
#include <trace/events/lock.h>

void conftest(void);

static void on_begin(void *data, void *lock, unsigned int flags)
{
}

static void on_end(void *data, void *lock, int ret)
{
}

void conftest(void)
{
	check_trace_callback_type_contention_begin(on_begin);
	check_trace_callback_type_contention_end(on_end);
}

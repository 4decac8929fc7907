/* qemu-style probes (qtrace.dtrace) in the shared library of
 * usdt_shapes_shlib, whose -G object was made without any object. */
#include "qtrace.h"

void qtrace_ping(int i)
{
	char name[] = "ping"; /* on the stack: resident for copyinstr */

	if (Q__TRACE_PING_ENABLED())
		Q__TRACE_PING(i, name);
}

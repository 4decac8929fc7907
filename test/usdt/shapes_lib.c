/*
 * The library half of the build-shape programs (usdt_shapes_archive,
 * usdt_shapes_shlib): its probes are compiled into a static archive or a
 * shared library together with the object dtrace -G writes.
 */
#include "shapes.h"

/* Defined after the header: its prototypes must name the same type. */
struct shapes_rec {
	int id;
	int size;
};

static int mixed_enabled;

void shapes_step(int i)
{
	struct shapes_rec r = { i, 3 * i };
	char name[] = "txn"; /* on the stack: resident when copyinstr reads it */

	SHAPES_TXN_START(i, name);
	SHAPES_READ_DONE(&r, 1000L * i);
	SHAPES__LEAD();
	SHAPES_TAIL_(i + 1);
	/*
	 * One probe, two kinds of site in one function: the generic macro
	 * (no semaphore) first, then the header's, behind the is-enabled
	 * check: the probe's semaphore is the second site's.
	 */
	DTRACE_PROBE1(shapes, mixed, i);
	if (SHAPES_MIXED_ENABLED()) {
		mixed_enabled++;
		SHAPES_MIXED(-1 - i);
	}
}

int shapes_mixed_enabled(void)
{
	return mixed_enabled;
}

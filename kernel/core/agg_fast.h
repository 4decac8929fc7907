/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The aggregation buffer's first probe, inlined where it runs per
 * firing: an entry found in its own hash slot (agg.c's lookup) and the
 * count() shortcut (fire.c), which adds one to the entry of an ECB that
 * dtrace_agg_count_note() marked when that entry sits in its own slot
 * of this CPU's active buffer, without the machine state; it is false
 * otherwise (no entry yet, or moved: dtrace_agg_apply() makes it or
 * counts the drop).
 */
#ifndef _DTRACE_CORE_AGG_FAST_H
#define _DTRACE_CORE_AGG_FAST_H

#include "core/state.h"

/*
 * Whether aggregation aggid has an entry (*e) in hash h's own slot of
 * b: a bool, so that callers test the slot once, not the address.
 */
static DTRACE_INLINE bool dtrace_agg_own_slot(const struct dtrace_state *st,
					      const struct dtrace_aggbuf *b,
					      uint32_t h, uint32_t aggid,
					      struct dtrace_aggent **e)
{
	uint32_t slot = b->hash[h & (st->aggslots - 1)];

	if (slot == 0)
		return false;
	*e = (struct dtrace_aggent *)(b->data + slot - 1);
	return (*e)->dtae_aggid == aggid;
}

static DTRACE_INLINE bool dtrace_agg_count_fast(const struct dtrace_state *st,
						struct dtrace_state_cpu *sc,
						const struct dtrace_ecb *ecb)
{
	const struct dtrace_aggbuf *b = &sc->agg[sc->aggactive];
	struct dtrace_aggent *e;

	if (b->data == NULL ||
	    !dtrace_agg_own_slot(st, b, ecb->count_hash, ecb->count_aggid, &e))
		return false;
	((int64_t *)(e + 1))[0]++; /* the value: no key before it */
	return true;
}

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic-variable store's life outside probe context: sizing and
 * allocation at GO, freeing, and the cleaner. Entries are sized for the
 * longest key any enabled DIFO can build (a scan of its tuple pushes)
 * and the largest thread-local or array value; dynvarsize bytes are
 * divided into such entries. The cleaner runs under the global lock
 * (STATUS, at most every cleanrate ns): it unlinks DEAD entries, waits
 * for all firings to end (no reader can still hold them) and pushes
 * them on the free stack. See dynvar.c for the lock-free rules.
 */
#include "core/dynvar.h"
#include "core/state.h"
#include "core/util.h"

#define DYN_HEAD	16	/* scope/id and thread of every key */

/* Longest key dp can build: pushes since the last FLUSHTS or CALL. */
static uint32_t difo_keymax(const struct dtrace_difo *dp, uint32_t strsize)
{
	uint32_t pc, cur = 0, max = 0;

	for (pc = 0; pc < dp->ncode; pc++) {
		dif_instr_t in = dp->code[pc];

		switch (DIF_INSTR_OP(in)) {
		case DIF_OP_PUSHTV:
			cur += 4 + 8;
			break;
		case DIF_OP_PUSHTR:
			cur += 4 + DTRACE_MAX(strsize, 8u);
			break;
		case DIF_OP_FLUSHTS:
		case DIF_OP_CALL:
			cur = 0;
			break;
		default:
			break;
		}
		max = DTRACE_MAX(max, cur);
	}
	return max;
}

static void sizes(const struct dtrace_state *st, uint32_t *keymax,
		  uint32_t *valmax)
{
	uint32_t strsize = (uint32_t)st->opts[DTRACEOPT_STRSIZE], i, k = 0;
	const struct dtrace_enabling *en;
	const struct dtrace_vars *tabs[2] = { &st->gvars, &st->tvars };
	uint32_t v = 8, t;

	for (en = st->enablings; en != NULL; en = en->next)
		for (i = 0; i < en->ndifos; i++)
			k = DTRACE_MAX(k, difo_keymax(&en->difos[i], strsize));
	for (t = 0; t < 2; t++) {
		for (i = 0; i < tabs[t]->n; i++) {
			const struct dtrace_var *e = &tabs[t]->v[i];

			if (!e->present || (t == 0 &&
					    e->kind != DIFV_KIND_ARRAY))
				continue;
			v = DTRACE_MAX(v, e->size);
		}
	}
	*keymax = DTRACE_ALIGN(DYN_HEAD + k, 8u);
	*valmax = DTRACE_ALIGN(v, 8u);
}

static uint32_t pow2_at_least(uint32_t n)
{
	uint32_t p = 1;

	while (p < n && p < (1u << 30))
		p <<= 1;
	return p;
}

int dtrace_dyn_alloc(struct dtrace_state *st)
{
	struct dtrace_dynstore *d = dtrace_port_zalloc(sizeof(*d));
	uint64_t size = st->opts[DTRACEOPT_DYNVARSIZE];
	uint32_t i;

	if (d == NULL)
		return -ENOMEM;
	sizes(st, &d->keymax, &d->valmax);
	d->chunksize = sizeof(struct dtrace_dynvar) + d->keymax + d->valmax;
	d->nchunks = (uint32_t)DTRACE_MIN(size / d->chunksize,
					  (uint64_t)(1u << 24));
	d->nbuckets = pow2_at_least(DTRACE_MAX(d->nchunks, 1u));
	d->chunks = dtrace_port_zalloc((uint64_t)d->nchunks * d->chunksize + 8);
	d->buckets = dtrace_zalloc_array(d->nbuckets, sizeof(uint32_t));
	d->rinse = dtrace_zalloc_array(d->nchunks + 1, sizeof(uint32_t));
	d->keys = dtrace_zalloc_array(st->ncpus, d->keymax);
	st->dyn = d;
	if (d->chunks == NULL || d->buckets == NULL || d->rinse == NULL ||
	    d->keys == NULL) {
		dtrace_dyn_free(st);
		return -ENOMEM;
	}
	for (i = 0; i < d->nchunks; i++)
		((struct dtrace_dynvar *)(d->chunks +
			(uint64_t)i * d->chunksize))->fnext = i;
	d->free = d->nchunks;	/* tag 0, top = the last entry */
	d->last_clean = dtrace_port_gethrtime();
	return 0;
}

void dtrace_dyn_free(struct dtrace_state *st)
{
	struct dtrace_dynstore *d = st->dyn;

	if (d == NULL)
		return;
	dtrace_port_free(d->chunks);
	dtrace_port_free(d->buckets);
	dtrace_port_free(d->rinse);
	dtrace_port_free(d->keys);
	dtrace_port_free(d);
	st->dyn = NULL;
}

static struct dtrace_dynvar *entry(const struct dtrace_dynstore *d,
				   uint32_t i)
{
	return (struct dtrace_dynvar *)(d->chunks +
					(uint64_t)(i - 1) * d->chunksize);
}

/* Unlinks the DEAD entries of bucket b into d->rinse; returns the count. */
static uint32_t unlink_bucket(struct dtrace_dynstore *d, uint32_t b,
			      uint32_t n)
{
	uint32_t *link = &d->buckets[b], i;

	while ((i = __atomic_load_n(link, __ATOMIC_ACQUIRE)) != 0) {
		struct dtrace_dynvar *c = entry(d, i);
		uint32_t want = i;

		if (DTRACE_READ_ONCE(c->status) != DTRACE_DYN_DEAD) {
			link = &c->next;
			continue;
		}
		/* Only a bucket head can change under us (an insertion). */
		if (!__atomic_compare_exchange_n(link, &want, c->next, false,
						 __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE)) {
			link = &d->buckets[b];
			continue;
		}
		d->rinse[n++] = i;
	}
	return n;
}

static void push_free(struct dtrace_dynstore *d, uint32_t i)
{
	struct dtrace_dynvar *c = entry(d, i);
	uint64_t old = __atomic_load_n(&d->free, __ATOMIC_ACQUIRE), nw;

	c->status = DTRACE_DYN_FREE;
	do {
		c->fnext = (uint32_t)old;
		nw = ((old >> 32) + 1) << 32 | i;
	} while (!__atomic_compare_exchange_n(&d->free, &old, nw, false,
					      __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
}

void dtrace_dyn_clean(struct dtrace_state *st, bool force)
{
	struct dtrace_dynstore *d = st->dyn;
	uint64_t now = dtrace_port_gethrtime();
	uint32_t b, n = 0, i;

	if (d == NULL || DTRACE_READ_ONCE(d->ndirty) == 0)
		return;
	if (!force && now - d->last_clean < st->opts[DTRACEOPT_CLEANRATE])
		return;
	d->last_clean = now;
	DTRACE_WRITE_ONCE(d->rinsing, 1);
	for (b = 0; b < d->nbuckets; b++)
		n = unlink_bucket(d, b, n);
	dtrace_port_sync();	/* no firing still walks an unlinked entry */
	for (i = 0; i < n; i++)
		push_free(d, d->rinse[i]);
	__atomic_sub_fetch(&d->ndirty, n, __ATOMIC_RELAXED);
	DTRACE_WRITE_ONCE(d->rinsing, 0);
}

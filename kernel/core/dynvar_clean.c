// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic-variable store's life outside probe context: sizing and
 * allocation at GO, freeing, and the cleaner. Entries are sized for the
 * longest key any enabled DIFO can build (a scan of its tuple pushes)
 * and the largest thread-local or array value; dynvarsize bytes are
 * divided into such entries. The cleaner runs under the global lock
 * (the glue's timer and STATUS, at most every cleanrate ns): it deletes
 * the thread-local array elements of threads that exited since the last
 * cleaning, unlinks DEAD entries, waits for all firings to end (no
 * reader can still hold them) and pushes them on the free stack. See
 * dynvar.c for the lock-free rules.
 */
#include "core/dynvar.h"
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"

#define DYN_HEAD 16 /* scope/id and thread of every key */

/*
 * Longest key dp can build: pushes since the last FLUSHTS or CALL, of
 * which the tuple stack holds DIF_DTR_NREGS (one more faults), so a key
 * is at most DIF_DTR_NREGS x (4 + strsize) bytes however long the code.
 */
static uint32_t difo_keymax(const struct dtrace_difo *dp, uint32_t strsize)
{
	uint32_t pc, n = 0, cur = 0, max = 0;

	for (pc = 0; pc < dp->ncode; pc++) {
		dif_instr_t in = dp->code[pc];

		switch (DIF_INSTR_OP(in)) {
		case DIF_OP_PUSHTV:
			if (n++ < DIF_DTR_NREGS)
				cur += 4 + 8;
			break;
		case DIF_OP_PUSHTR:
			if (n++ < DIF_DTR_NREGS)
				cur += 4 + DTRACE_MAX(strsize, 8u);
			break;
		case DIF_OP_FLUSHTS:
		case DIF_OP_CALL:
			cur = n = 0;
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

			if (!e->present ||
			    (t == 0 && e->kind != DIFV_KIND_ARRAY))
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

/* The store for size bytes of entries, or -ENOMEM. */
static int dyn_try(struct dtrace_state *st, struct dtrace_dynstore *d,
		   uint64_t size)
{
	uint32_t i;

	d->nchunks = (uint32_t)DTRACE_MIN(size / d->chunksize,
					  (uint64_t)DTRACE_MAX_DYNVARS);
	d->nbuckets = pow2_at_least(DTRACE_MAX(d->nchunks, 1u));
	if ((uint64_t)d->nchunks * d->chunksize + 8 > DTRACE_MAX_ALLOC ||
	    !dtrace_mem_fits(1, (uint64_t)d->nchunks * d->chunksize))
		return -ENOMEM;
	d->chunks = dtrace_port_zalloc((uint64_t)d->nchunks * d->chunksize + 8);
	d->buckets = dtrace_zalloc_array(d->nbuckets, sizeof(uint32_t));
	d->rinse = dtrace_zalloc_array(d->nchunks + 1, sizeof(uint32_t));
	if (d->chunks == NULL || d->buckets == NULL || d->rinse == NULL) {
		dtrace_port_free(d->chunks);
		dtrace_port_free(d->buckets);
		dtrace_port_free(d->rinse);
		d->chunks = NULL;
		d->buckets = d->rinse = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < d->nchunks; i++)
		((struct dtrace_dynvar *)(d->chunks +
					  (uint64_t)i * d->chunksize))
			->fnext = i;
	return 0;
}

/* With bufresize=auto dynvarsize halves until the store fits. */
int dtrace_dyn_alloc(struct dtrace_state *st)
{
	struct dtrace_dynstore *d = dtrace_port_zalloc(sizeof(*d));
	uint64_t size = st->opts[DTRACEOPT_DYNVARSIZE];
	uint32_t i;
	int err;

	if (d == NULL)
		return -ENOMEM;
	st->dyn = d;
	sizes(st, &d->keymax, &d->valmax);
	d->chunksize = sizeof(struct dtrace_dynvar) + d->keymax + d->valmax;
	d->keys = dtrace_zalloc_array(st->ncpus, d->keymax);
	for (;;) {
		err = d->keys != NULL ? dyn_try(st, d, size) : -ENOMEM;
		if (err == 0 || st->opts[DTRACEOPT_BUFRESIZE] != 0 ||
		    size / 2 < d->chunksize)
			break;
		size /= 2;
	}
	if (err != 0) {
		dtrace_dyn_free(st);
		return err;
	}
	for (i = 0; i < st->tvars.n; i++)
		if (st->tvars.v[i].present &&
		    st->tvars.v[i].kind == DIFV_KIND_ARRAY)
			d->tarrays = 1;
	d->free = d->nchunks; /* tag 0, top = the last entry */
	d->seed = dtrace_port_random();
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

static struct dtrace_dynvar *entry(const struct dtrace_dynstore *d, uint32_t i)
{
	return (struct dtrace_dynvar *)(d->chunks +
					(uint64_t)(i - 1) * d->chunksize);
}

/* Unlinks the DEAD entries of bucket b into d->rinse; returns the count. */
static uint32_t unlink_bucket(struct dtrace_dynstore *d, uint32_t b, uint32_t n)
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
	} while (!__atomic_compare_exchange_n(
		&d->free, &old, nw, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
}

static bool is_exited(const uint64_t *threads, uint32_t n, uint64_t t)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (threads[i] == t)
			return true;
	return false;
}

/*
 * Deletes the thread-local entries (self->a[k...]; self->x went at the
 * exit) of the threads queued since the last cleaning. Exit hooks fill
 * one ring; this flips to the other and waits for every hook still
 * writing into the old one (they run where a grace period waits for
 * them), then walks the store once for the whole batch.
 */
static void reap_exited(struct dtrace_dynstore *d)
{
	uint32_t ring = d->exitring, n, i;
	const uint64_t *threads = d->exited[ring];

	if (__atomic_load_n(&d->nexited[ring], __ATOMIC_RELAXED) == 0)
		return;
	__atomic_store_n(&d->exitring, ring ^ 1, __ATOMIC_RELEASE);
	dtrace_port_sync();
	n = DTRACE_MIN(d->nexited[ring], (uint32_t)DTRACE_DYN_EXITED);
	for (i = 0; i < d->nchunks; i++) {
		struct dtrace_dynvar *c = entry(d, i + 1);
		uint64_t head[2];

		dtrace_yield_every(i); /* millions of entries: must finish */
		if (DTRACE_READ_ONCE(c->status) != DTRACE_DYN_LIVE ||
		    c->keylen < sizeof(head))
			continue;
		dtrace_memcpy(head, c + 1, sizeof(head));
		if (head[0] >> 32 == DIFV_SCOPE_THREAD &&
		    is_exited(threads, n, head[1]) &&
		    __atomic_exchange_n(&c->status, DTRACE_DYN_DEAD,
					__ATOMIC_ACQ_REL) == DTRACE_DYN_LIVE)
			__atomic_add_fetch(&d->ndirty, 1, __ATOMIC_RELAXED);
	}
	dtrace_memset(d->exited[ring], 0, sizeof(d->exited[ring]));
	__atomic_store_n(&d->nexited[ring], 0, __ATOMIC_RELAXED);
}

void dtrace_dyn_clean(struct dtrace_state *st, bool force)
{
	struct dtrace_dynstore *d = st->dyn;
	uint64_t now = dtrace_port_gethrtime();
	uint32_t b, n = 0, i;

	if (d == NULL)
		return;
	if (!force && now - d->last_clean < st->opts[DTRACEOPT_CLEANRATE])
		return;
	d->last_clean = now;
	reap_exited(d);
	if (DTRACE_READ_ONCE(d->ndirty) == 0)
		return;
	DTRACE_WRITE_ONCE(d->rinsing, 1);
	for (b = 0; b < d->nbuckets; b++) {
		n = unlink_bucket(d, b, n);
		dtrace_yield_every(b);
	}
	dtrace_port_sync(); /* no firing still walks an unlinked entry */
	for (i = 0; i < n; i++)
		push_free(d, d->rinse[i]);
	__atomic_sub_fetch(&d->ndirty, n, __ATOMIC_RELAXED);
	DTRACE_WRITE_ONCE(d->rinsing, 0);
}

uint64_t dtrace_core_clean(struct dtrace_core *core, uint64_t now)
{
	struct dtrace_state *st;
	uint64_t next = 0;

	for (st = core->states; st != NULL; st = st->next) {
		uint64_t rate = st->opts[DTRACEOPT_CLEANRATE], due;

		if (st->dyn == NULL || st->activity == DTRACE_ACTIVITY_INACTIVE)
			continue;
		dtrace_dyn_clean(st, false);
		due = st->dyn->last_clean + rate;
		due = due > now ? due - now : DTRACE_MAX(rate, 1ull);
		if (next == 0 || due < next)
			next = due;
	}
	return next;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic variables (dynvar.h) in probe context. The store is an array
 * of equal entries (header, key, value) and a hash of chains. A key is
 * (scope, id, thread or 0) then each tuple entry as a 4-byte length and
 * its bytes, assembled in this CPU's key area.
 *
 * Lock-free rules: free entries sit on one stack whose top carries a tag
 * (compare-and-swap on 64 bits, so a popped-and-pushed top is noticed);
 * a new entry is filled completely and then pushed on its chain's head
 * with compare-and-swap; deleting marks an entry DEAD in place. Only the
 * cleaner (dynvar_clean.c) unlinks DEAD entries, waits for every firing
 * to end and then pushes them back as free. Key bytes of a linked entry
 * never change, so a reader walking a chain sees consistent keys. Two
 * CPUs creating the same key at once may both succeed; lookups take the
 * newest, the cleaner never sees the other (it stays until GO ends).
 */
#include "core/dynvar.h"
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"

static struct dtrace_dynvar *chunk(const struct dtrace_dynstore *d, uint32_t i)
{
	return (struct dtrace_dynvar *)(d->chunks + (uint64_t)i * d->chunksize);
}

static uint8_t *chunk_key(struct dtrace_dynvar *c)
{
	return (uint8_t *)(c + 1);
}

static uint8_t *chunk_val(const struct dtrace_dynstore *d,
			  struct dtrace_dynvar *c)
{
	return chunk_key(c) + d->keymax;
}

/*
 * FNV-1a from the store's random seed, then a finalizer so that the
 * bucket's low bits depend on every bit: keys cannot be chosen to share
 * a chain without knowing the seed.
 */
static uint32_t hash_bytes(const struct dtrace_dynstore *d, const uint8_t *p,
			   uint32_t n)
{
	uint32_t h = 2166136261u ^ (uint32_t)d->seed, i;

	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	h ^= (uint32_t)(d->seed >> 32);
	h ^= h >> 16;
	h *= 0x45d9f3bu;
	h ^= h >> 16;
	return h;
}

static bool key_put(struct dtrace_mstate *ms, const struct dtrace_tuple *t,
		    uint8_t *k, uint32_t *len, uint32_t max)
{
	uint32_t n, off = *len + 4;

	if (off > max)
		return false;
	if (!t->byref) {
		n = 8;
		if (off + n > max)
			return false;
		dtrace_memcpy(k + off, &t->val, 8);
	} else if (t->type == DIF_TYPE_STRING) {
		uint32_t room = DTRACE_MIN(max - off, ms->strsize);

		n = (uint32_t)dtrace_dif_strcpy(ms, (char *)k + off,
						(uintptr_t)t->val, room, false);
	} else {
		if (t->size > max - off) {
			dtrace_fault(ms, DTRACEFLT_BADSIZE, t->size);
			return false;
		}
		n = (uint32_t)t->size;
		dtrace_dif_load(ms, k + off, (uintptr_t)t->val, n, false);
	}
	dtrace_memcpy(k + *len, &n, 4);
	*len = off + n;
	return ms->fault == DTRACEFLT_NONE;
}

/* This CPU's key area holds the key; its length, or 0 (too long). */
static uint32_t key_build(struct dtrace_mstate *ms, uint32_t scope, uint32_t id,
			  const struct dtrace_tuple *tup, uint32_t ntup)
{
	const struct dtrace_dynstore *d = ms->state->dyn;
	uint8_t *k = d->keys + (uint64_t)ms->cpu * d->keymax;
	uint64_t head[2];
	uint32_t len = sizeof(head), i;

	head[0] = (uint64_t)scope << 32 | id;
	head[1] = scope == DIFV_SCOPE_THREAD ?
			  dtrace_port_task(DTRACE_TASK_CURTHREAD) :
			  0;
	if (d->keymax < len)
		return 0;
	dtrace_memcpy(k, head, sizeof(head));
	for (i = 0; i < ntup; i++)
		if (!key_put(ms, &tup[i], k, &len, d->keymax))
			return 0;
	return len;
}

/*
 * The live entry of key k, or NULL; at most DTRACE_DYN_CHAIN_MAX entries
 * are walked, and *deep says the walk stopped there (limits.h §2).
 */
static struct dtrace_dynvar *lookup(const struct dtrace_dynstore *d,
				    const uint8_t *k, uint32_t len, uint32_t h,
				    bool *deep)
{
	uint32_t i = DTRACE_READ_ONCE(d->buckets[h & (d->nbuckets - 1)]);
	uint32_t walked = 0;

	*deep = true; /* a chain of DTRACE_DYN_CHAIN_MAX is not made longer */
	while (i != 0 && i <= d->nchunks) {
		struct dtrace_dynvar *c = chunk(d, i - 1);

		if (walked++ == DTRACE_DYN_CHAIN_MAX)
			return NULL;
		if (c->hash == h && c->keylen == len &&
		    DTRACE_READ_ONCE(c->status) == DTRACE_DYN_LIVE &&
		    dtrace_memcmp(chunk_key(c), k, len) == 0)
			return c;
		i = DTRACE_READ_ONCE(c->next);
	}
	*deep = walked >= DTRACE_DYN_CHAIN_MAX;
	return NULL;
}

static void count_drop(struct dtrace_mstate *ms)
{
	const struct dtrace_dynstore *d = ms->state->dyn;

	if (DTRACE_READ_ONCE(d->ndirty) == 0)
		ms->scpu->dyndrops++;
	else if (DTRACE_READ_ONCE(d->rinsing))
		ms->scpu->dyndrops_rinsing++;
	else
		ms->scpu->dyndrops_dirty++;
}

/* Pops a free entry: index + 1, or 0 when there is none. */
static uint32_t pop_free(struct dtrace_dynstore *d)
{
	uint64_t old = __atomic_load_n(&d->free, __ATOMIC_ACQUIRE), nw;
	uint32_t top;

	do {
		top = (uint32_t)old;
		if (top == 0 || top > d->nchunks)
			return 0;
		nw = ((old >> 32) + 1) << 32 |
		     DTRACE_READ_ONCE(chunk(d, top - 1)->fnext);
	} while (!__atomic_compare_exchange_n(
		&d->free, &old, nw, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
	return top;
}

static struct dtrace_dynvar *create(struct dtrace_mstate *ms, const uint8_t *k,
				    uint32_t len, uint32_t h)
{
	struct dtrace_dynstore *d = ms->state->dyn;
	uint32_t i = pop_free(d), *head;
	struct dtrace_dynvar *c;

	if (i == 0) {
		count_drop(ms);
		return NULL;
	}
	c = chunk(d, i - 1);
	dtrace_memcpy(chunk_key(c), k, len);
	dtrace_memset(chunk_val(d, c), 0, d->valmax);
	c->hash = h;
	c->keylen = len;
	c->status = DTRACE_DYN_LIVE;
	head = &d->buckets[h & (d->nbuckets - 1)];
	c->next = __atomic_load_n(head, __ATOMIC_ACQUIRE);
	while (!__atomic_compare_exchange_n(head, &c->next, i, false,
					    __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
		;
	return c;
}

uint64_t dtrace_dyn_load(struct dtrace_mstate *ms, const struct dtrace_var *v,
			 uint32_t scope, uint32_t id,
			 const struct dtrace_tuple *tup, uint32_t ntup)
{
	const struct dtrace_dynstore *d = ms->state->dyn;
	struct dtrace_dynvar *c;
	uint64_t val = 0;
	uint32_t len;
	uint8_t *k;
	bool deep;

	if (d == NULL || d->nchunks == 0)
		return 0;
	len = key_build(ms, scope, id, tup, ntup);
	if (len == 0)
		return 0;
	k = d->keys + (uint64_t)ms->cpu * d->keymax;
	c = lookup(d, k, len, hash_bytes(d, k, len), &deep);
	if (c == NULL)
		return 0;
	if (v->vk != DTRACE_VK_VALUE)
		return (uintptr_t)chunk_val(d, c);
	dtrace_memcpy(&val, chunk_val(d, c), 8);
	return val;
}

static void delete (struct dtrace_dynstore *d, struct dtrace_dynvar *c)
{
	if (__atomic_exchange_n(&c->status, DTRACE_DYN_DEAD,
				__ATOMIC_ACQ_REL) == DTRACE_DYN_LIVE)
		__atomic_add_fetch(&d->ndirty, 1, __ATOMIC_RELAXED);
}

void dtrace_dyn_store(struct dtrace_mstate *ms, const struct dtrace_var *v,
		      uint32_t scope, uint32_t id,
		      const struct dtrace_tuple *tup, uint32_t ntup,
		      uint64_t val)
{
	struct dtrace_dynstore *d = ms->state->dyn;
	struct dtrace_dynvar *c;
	uint32_t len, h;
	bool deep = false;
	uint8_t *k;

	if (d == NULL)
		return;
	len = key_build(ms, scope, id, tup, ntup);
	if (len == 0) {
		if (ms->fault == DTRACEFLT_NONE && val != 0)
			count_drop(ms);
		return;
	}
	k = d->keys + (uint64_t)ms->cpu * d->keymax;
	h = hash_bytes(d, k, len);
	c = d->nchunks == 0 ? NULL : lookup(d, k, len, h, &deep);
	if (val == 0) {
		if (c != NULL)
			delete (d, c);
		return;
	}
	if (c == NULL && deep) { /* a longer chain is not made: a drop */
		count_drop(ms);
		return;
	}
	if (c == NULL)
		c = create(ms, k, len, h);
	if (c == NULL)
		return;
	if (v->vk == DTRACE_VK_VALUE)
		dtrace_memcpy(chunk_val(d, c), &val, 8);
	else
		dtrace_dif_copyval(ms, v->vk, chunk_val(d, c), (uintptr_t)val,
				   DTRACE_MIN(v->size, d->valmax));
}

/* Is addr inside one entry's value? *room: the value bytes from addr. */
static bool in_value(const struct dtrace_state *st, uintptr_t addr,
		     uint64_t *room)
{
	const struct dtrace_dynstore *d = st->dyn;
	uintptr_t base;
	uint64_t off;

	if (d == NULL || d->nchunks == 0)
		return false;
	base = (uintptr_t)d->chunks;
	if (addr < base || (addr - base) / d->chunksize >= d->nchunks)
		return false;
	off = (addr - base) % d->chunksize;
	off -= sizeof(struct dtrace_dynvar) + d->keymax;
	if (off > d->valmax)
		return false;
	*room = d->valmax - off;
	return true;
}

bool dtrace_dyn_storable(const struct dtrace_state *st, uintptr_t addr,
			 uint64_t n)
{
	uint64_t room;

	return in_value(st, addr, &room) && n <= room;
}

uint64_t dtrace_dyn_room(const struct dtrace_state *st, uintptr_t addr)
{
	uint64_t room;

	return in_value(st, addr, &room) ? room : 0;
}

/* Deletes the self->x of variable id of thread (the key key_build()
 * makes for it: scope and id, then the thread). */
static void thread_scalar_delete(struct dtrace_dynstore *d, uint32_t id,
				 uint64_t thread)
{
	uint64_t head[2] = { (uint64_t)DIFV_SCOPE_THREAD << 32 | id, thread };
	uint32_t h = hash_bytes(d, (const uint8_t *)head, sizeof(head));
	bool deep;
	struct dtrace_dynvar *c = lookup(d, (const uint8_t *)head, sizeof(head),
					 h, &deep);

	if (c != NULL)
		delete (d, c);
}

void dtrace_dyn_thread_exit(struct dtrace_state *st, uint64_t thread)
{
	struct dtrace_dynstore *d = st->dyn;
	uint32_t i, ring, slot;

	if (d == NULL || d->nchunks == 0)
		return;
	for (i = 0; i < st->tvars.n; i++) {
		const struct dtrace_var *v = &st->tvars.v[i];

		if (v->present && v->kind == DIFV_KIND_SCALAR)
			thread_scalar_delete(d, DIF_VAR_OTHER_UBASE + i,
					     thread);
	}
	if (!d->tarrays)
		return;
	/* The cleaner flips rings, then waits for us to finish: dynvar_clean.c */
	ring = __atomic_load_n(&d->exitring, __ATOMIC_ACQUIRE);
	slot = __atomic_fetch_add(&d->nexited[ring], 1, __ATOMIC_RELAXED);
	if (slot < DTRACE_DYN_EXITED)
		DTRACE_WRITE_ONCE(d->exited[ring][slot], thread);
	else
		__atomic_add_fetch(&d->exits_lost, 1, __ATOMIC_RELAXED);
}

bool dtrace_dyn_has_thread_vars(const struct dtrace_state *st)
{
	return st->dyn != NULL && st->dyn->nchunks != 0 && st->tvars.n != 0;
}

void dtrace_core_thread_exit(struct dtrace_core *core, uint64_t thread)
{
	struct dtrace_state *st;

	/*
	 * Only states with thread-local variables are on this list; they
	 * leave it and a grace period passes before they go.
	 */
	for (st = DTRACE_READ_ONCE(core->exit_states); st != NULL;
	     st = DTRACE_READ_ONCE(st->exit_next)) {
		uint32_t act = __atomic_load_n(&st->activity, __ATOMIC_ACQUIRE);

		if (act != DTRACE_ACTIVITY_INACTIVE)
			dtrace_dyn_thread_exit(st, thread);
	}
}

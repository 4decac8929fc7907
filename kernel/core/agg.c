// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel aggregations (doc/records.md §6). Each CPU has two
 * aggregation buffers of aggsize bytes, switched like principal buffers:
 * probes fold values into the active one, AGGSNAP switches and copies out
 * the other, so snapshots are deltas the consumer accumulates. An entry
 * is a struct dtrace_aggent, the key records, then the value; a per-buffer
 * open-addressing hash of entry offsets finds the entry for (aggregation
 * id, key bytes). No allocation in probe context: a full buffer or hash
 * is a counted aggregation drop.
 */
#include "core/agg_fast.h"
#include "core/enable.h"
#include "core/state.h"
#include "core/util.h"

#define AGG_PROBES 32 /* hash slots tried before giving up */
#define INT64_MAX_ ((int64_t)(((uint64_t)1 << 63) - 1))
#define INT64_MIN_ (-INT64_MAX_ - 1)

int dtrace_aggbufs_alloc(struct dtrace_state *st, struct dtrace_state_cpu *sc)
{
	int i;

	if (st->naggs == 0)
		return 0;
	/*
	 * The key area even with aggsize=0: a firing builds its key (the
	 * key DIFOs' side effects happen) before it finds no buffer and
	 * counts a drop.
	 */
	sc->aggkey = dtrace_port_zalloc(st->aggkeymax + 8);
	if (sc->aggkey == NULL)
		return -ENOMEM;
	if (st->aggsize == 0)
		return 0;
	for (i = 0; i < 2; i++) {
		sc->agg[i].data = dtrace_port_zalloc(st->aggsize);
		sc->agg[i].hash = dtrace_zalloc_array(st->aggslots,
						      sizeof(uint32_t));
		if (sc->agg[i].data == NULL || sc->agg[i].hash == NULL)
			return -ENOMEM;
	}
	return 0;
}

void dtrace_aggbufs_free(struct dtrace_state_cpu *sc)
{
	int i;

	for (i = 0; i < 2; i++) {
		dtrace_port_free(sc->agg[i].data);
		dtrace_port_free(sc->agg[i].hash);
		sc->agg[i].data = NULL;
		sc->agg[i].hash = NULL;
	}
	dtrace_port_free(sc->aggkey);
	sc->aggkey = NULL;
}

/*
 * Keys are compared and hashed record by record, over the bytes that
 * identify each: a string record up to the end of the 8-byte word
 * holding its NUL (dtrace_dif_strcpy zeroes the rest of that word; the
 * bytes after it are left over from earlier firings and never read),
 * any other record whole. Entries keep the canonical form, zeros after
 * every string's NUL and in padding, so equal keys are equal bytes.
 */
static bool key_is_string(const struct dtrace_action *k)
{
	return k->rk == DTRACE_RK_VALUE &&
	       (k->vk == DTRACE_VK_STRING || k->vk == DTRACE_VK_USTRING);
}

static uint32_t key_sig(const struct dtrace_action *k, const uint8_t *rec)
{
	uint32_t i;

	if (!key_is_string(k))
		return k->size;
	for (i = 0; i + 8 <= k->size; i += 8)
		if (dtrace_word_has_nul(dtrace_word_get(rec + i)))
			return i + 8;
	return k->size;
}

/* Key records whose identifying length build_key() keeps for the rest. */
#define KEY_SIGS 8

static uint32_t sig_of(const struct dtrace_aggregation *agg, uint32_t i,
		       const uint8_t *key, const uint32_t *sigs)
{
	const struct dtrace_action *k = &agg->keys[i];

	return i < KEY_SIGS ? sigs[i] : key_sig(k, key + k->offset);
}

static bool bytes_equal(const uint8_t *a, const uint8_t *b, uint32_t n)
{
	for (; n >= 8; n -= 8, a += 8, b += 8)
		if (dtrace_word_get(a) != dtrace_word_get(b))
			return false;
	for (; n > 0; n--)
		if (*a++ != *b++)
			return false;
	return true;
}

/* key (being built) against an entry's canonical key. */
static bool key_equal(const struct dtrace_aggregation *agg, const uint8_t *key,
		      const uint32_t *sigs, const uint8_t *ent)
{
	uint32_t i;

	if (agg->nkeys == 1) /* the usual case: one record at 0 */
		return bytes_equal(ent, key, sigs[0]);
	for (i = 0; i < agg->nkeys; i++) {
		uint32_t off = agg->keys[i].offset;

		if (!bytes_equal(ent + off, key + off,
				 sig_of(agg, i, key, sigs)))
			return false;
	}
	return true;
}

/* A new entry's key in canonical form. */
static void key_store(const struct dtrace_aggregation *agg, uint8_t *ent,
		      const uint8_t *key, const uint32_t *sigs)
{
	uint32_t i;

	dtrace_memset(ent, 0, agg->keylen);
	for (i = 0; i < agg->nkeys; i++) {
		uint32_t off = agg->keys[i].offset;

		dtrace_memcpy(ent + off, key + off, sig_of(agg, i, key, sigs));
	}
}

static void value_init(const struct dtrace_aggregation *agg, int64_t *v)
{
	if (agg->kind == DTRACEACT_AGG_MIN)
		v[0] = INT64_MAX_;
	else if (agg->kind == DTRACEACT_AGG_MAX)
		v[0] = INT64_MIN_;
	else if (agg->kind == DTRACEACT_AGG_LQUANTIZE ||
		 agg->kind == DTRACEACT_AGG_LLQUANTIZE)
		v[0] = (int64_t)agg->arg;
}

/* The entry for (agg, key) in b, created if absent; NULL when full. */
static uint8_t *lookup_probe(struct dtrace_state *st, struct dtrace_aggbuf *b,
			     const struct dtrace_aggregation *agg,
			     const uint8_t *key, const uint32_t *sigs,
			     uint32_t h)
{
	uint32_t i, mask = st->aggslots - 1;
	uint32_t n = DTRACE_MIN((uint32_t)AGG_PROBES, st->aggslots);
	uint32_t esize = 8 + agg->size;

	for (i = 0; i < n; i++) {
		uint32_t *slot = &b->hash[(h + i) & mask];
		struct dtrace_aggent *e;

		if (*slot != 0) {
			e = (struct dtrace_aggent *)(b->data + *slot - 1);
			if (e->dtae_aggid == agg->id &&
			    key_equal(agg, key, sigs, (const uint8_t *)(e + 1)))
				return (uint8_t *)(e + 1);
			continue;
		}
		if (esize > st->aggsize - b->used)
			return NULL;
		e = (struct dtrace_aggent *)(b->data + b->used);
		e->dtae_aggid = agg->id;
		e->dtae_size = esize;
		key_store(agg, (uint8_t *)(e + 1), key, sigs);
		dtrace_memset((uint8_t *)(e + 1) + agg->keylen, 0,
			      agg->valsize);
		value_init(agg, (int64_t *)((uint8_t *)(e + 1) + agg->keylen));
		*slot = (uint32_t)b->used + 1;
		b->used += esize;
		return (uint8_t *)(e + 1);
	}
	return NULL;
}

/* The usual case first: the entry sits in the key's own slot. */
static uint8_t *lookup(struct dtrace_state *st, struct dtrace_aggbuf *b,
		       const struct dtrace_aggregation *agg, const uint8_t *key,
		       const uint32_t *sigs, uint32_t h)
{
	struct dtrace_aggent *e;

	if (dtrace_agg_own_slot(st, b, h, agg->id, &e) &&
	    (agg->nkeys == 1 ?
		     bytes_equal((const uint8_t *)(e + 1), key, sigs[0]) :
		     key_equal(agg, key, sigs, (const uint8_t *)(e + 1))))
		return (uint8_t *)(e + 1);
	return lookup_probe(st, b, agg, key, sigs, h);
}

static uint32_t clz64(uint64_t v)
{
	return v == 0 ? 64 : (uint32_t)__builtin_clzll(v);
}

static uint32_t quantize_bucket(int64_t v)
{
	int64_t b;

	if (v == 0)
		return DTRACE_QUANTIZE_ZEROBUCKET;
	if (v > 0)
		b = 63 + (64 - clz64((uint64_t)v));
	else
		b = 63 - (int64_t)(64 - clz64(0 - (uint64_t)v));
	return (uint32_t)DTRACE_MAX(DTRACE_MIN(b, (int64_t)126), (int64_t)0);
}

static uint32_t lquantize_bucket(uint64_t arg, int64_t v)
{
	int64_t base = DTRACE_LQUANTIZE_BASE(arg);
	int64_t levels = DTRACE_LQUANTIZE_LEVELS(arg);
	int64_t step = DTRACE_LQUANTIZE_STEP(arg);

	if (v < base)
		return 0;
	if (v >= base + levels * step)
		return (uint32_t)levels + 1;
	return (uint32_t)(1 + (v - base) / step);
}

/*
 * llquantize's buckets mirror around the one of |v| < F^L (doc/records.md
 * §6.5): the offset of |v| >= F^L among the positive buckets, from 0.
 */
static uint32_t llquantize_offset(uint64_t arg, uint64_t a)
{
	uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint64_t lo = DTRACE_LLQUANTIZE_LOW(arg);
	uint64_t hi = DTRACE_LLQUANTIZE_HIGH(arg);
	uint64_t s = DTRACE_LLQUANTIZE_NSTEP(arg), p = 1, m;
	uint64_t sf = s / f, c = s - sf;

	for (m = 0; m < lo; m++)
		p *= f;
	for (m = lo; m <= hi; m++) {
		uint64_t next = p * f;

		if (a >= next) {
			p = next;
			continue;
		}
		if (m == 0 && s > f) /* 1 .. F-1, sf buckets apart */
			return (uint32_t)((a - 1) * sf);
		return (uint32_t)((m - lo) * c + a / (next / s) - sf);
	}
	return (uint32_t)((hi - lo + 1) * c); /* >= F^(H+1): the last */
}

static uint32_t llquantize_bucket(uint64_t arg, int64_t v)
{
	uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint64_t lo = DTRACE_LLQUANTIZE_LOW(arg), p = 1, m;
	uint32_t zero = dtrace_llquantize_nbuckets(arg) / 2;
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	uint32_t off;

	for (m = 0; m < lo; m++)
		p *= f;
	if (a < p)
		return zero;
	off = llquantize_offset(arg, a);
	return v < 0 ? zero - 1 - off : zero + 1 + off;
}

/* Adds v squared (exact, 128 bits) to sq[0] (low) and sq[1] (high). */
static void add_square(uint64_t *sq, int64_t v)
{
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	uint64_t al = a & 0xffffffffu, ah = a >> 32;
	uint64_t ll = al * al, lh = al * ah, hh = ah * ah;
	uint64_t lo = ll + (lh << 33), hi = hh + (lh >> 31);

	if (lo < ll)
		hi++;
	sq[0] += lo;
	sq[1] += hi + (sq[0] < lo);
}

/* v += x as the 64-bit two's complement sum DTrace keeps (no C overflow). */
static void add_wrap(int64_t *v, int64_t x)
{
	*v = (int64_t)((uint64_t)*v + (uint64_t)x);
}

static void fold(const struct dtrace_aggregation *agg, int64_t *v, int64_t x,
		 int64_t w)
{
	switch (agg->kind) {
	case DTRACEACT_AGG_COUNT:
		add_wrap(&v[0], 1);
		break;
	case DTRACEACT_AGG_SUM:
		add_wrap(&v[0], x);
		break;
	case DTRACEACT_AGG_MIN:
		v[0] = DTRACE_MIN(v[0], x);
		break;
	case DTRACEACT_AGG_MAX:
		v[0] = DTRACE_MAX(v[0], x);
		break;
	case DTRACEACT_AGG_AVG:
		add_wrap(&v[0], 1);
		add_wrap(&v[1], x);
		break;
	case DTRACEACT_AGG_STDDEV:
		add_wrap(&v[0], 1);
		add_wrap(&v[1], x);
		add_square((uint64_t *)&v[2], x);
		break;
	case DTRACEACT_AGG_QUANTIZE:
		add_wrap(&v[quantize_bucket(x)], w);
		break;
	case DTRACEACT_AGG_LQUANTIZE:
		add_wrap(&v[1 + lquantize_bucket(agg->arg, x)], w);
		break;
	default:
		add_wrap(&v[1 + llquantize_bucket(agg->arg, x)], w);
		break;
	}
}

/*
 * dtrace_dif_strcpy() of a string key record that also folds the copy,
 * up to the end of the NUL's word and at most size bytes, into *h as
 * dtrace_hash_bytes() would: from memory DIF owns (scratch, where
 * execname and string results live) while copying, else afterwards.
 */
static size_t strkey(struct dtrace_mstate *ms, char *dst, uintptr_t src,
		     size_t size, bool user, uint64_t *h)
{
	uint64_t hh = *h, room;
	size_t i, lim, n;

	if (src >= ms->scratch_base && src < ms->scratch_ptr)
		room = user ? 0 : ms->scratch_ptr - src; /* the usual */
	else
		room = user ? 0 : dtrace_dif_room(ms, src);
	lim = DTRACE_MIN(room, size - 1);
	for (i = 0; size != 0 && i + 8 <= lim; i += 8) {
		uint64_t w = dtrace_word_get((const char *)src + i);
		uint32_t z = dtrace_word_nul(w);

		w = dtrace_word_keep(w, z);
		dtrace_word_put(dst + i, w);
		hh = dtrace_hash_word(hh, w);
		if (z < 8) {
			*h = hh;
			return i + z;
		}
	}
	n = dtrace_dif_strcpy(ms, dst, src, size, user);
	*h = dtrace_hash_bytes(
		*h, (const uint8_t *)dst,
		(uint32_t)DTRACE_MIN(DTRACE_ALIGN(n + 1, (size_t)8), size));
	return n;
}

/*
 * A string key record: the DIFO's string copied straight into the key
 * and hashed (strkey()); returns the identifying length (key_sig()
 * without a second scan).
 */
static uint32_t key_string(struct dtrace_mstate *ms,
			   const struct dtrace_action *k, uint8_t *rec,
			   uint64_t *h)
{
	uint64_t v = dtrace_dif_emulate(k->difo, ms);
	size_t n;

	if (ms->fault != DTRACEFLT_NONE)
		return 0;
	n = strkey(ms, (char *)rec, v, k->size, k->vk == DTRACE_VK_USTRING, h);
	return (uint32_t)DTRACE_MIN(DTRACE_ALIGN(n + 1, (size_t)8),
				    (size_t)k->size);
}

/*
 * The id mixed in first: seeded with it as is, a key that follows its
 * aggregation's id (@a0[0], @a1[1] ...) XORed it away and many
 * aggregations shared a few slots (drops).
 */
static uint64_t key_hash_start(uint32_t aggid)
{
	return dtrace_hash_word(0, aggid);
}

/*
 * Builds the key in the per-CPU key area and hashes it; false after a
 * fault. Only what key_sig() reads is written: a string record's copy
 * ends with its NUL's word, other records are cleared first (a stack may
 * fill less). sigs[i]: key_sig() of the first KEY_SIGS records.
 */
static bool build_key(struct dtrace_mstate *ms,
		      const struct dtrace_aggregation *agg, uint8_t *key,
		      uint32_t *sigs, uint32_t *hash)
{
	uint64_t h = key_hash_start(agg->id);
	uint32_t i, n;

	for (i = 0; i < agg->nkeys; i++) {
		const struct dtrace_action *k = &agg->keys[i];
		uint8_t *rec = key + k->offset;

		if (key_is_string(k)) {
			n = key_string(ms, k, rec, &h);
		} else {
			dtrace_memset(rec, 0, k->size);
			dtrace_record(ms, k, key);
			n = k->size;
			h = dtrace_hash_bytes(h, rec, n);
		}
		if (ms->fault != DTRACEFLT_NONE)
			return false;
		if (i < KEY_SIGS)
			sigs[i] = n;
	}
	*hash = dtrace_hash_final(h);
	return true;
}

void dtrace_agg_apply(struct dtrace_mstate *ms, const struct dtrace_action *a)
{
	struct dtrace_state *st = ms->state;
	struct dtrace_state_cpu *sc = ms->scpu;
	/* late.c may grow the array: this one or a newer copy */
	const struct dtrace_aggregation *agg = DTRACE_READ_ONCE(
		st->aggs)[a->aggid - 1];
	uint32_t sigs[KEY_SIGS], h;
	int64_t x = 0, w = 1;
	uint8_t *val;

	if (agg->value != NULL) {
		x = (int64_t)dtrace_dif_emulate(agg->value, ms);
		if (ms->fault != DTRACEFLT_NONE)
			return;
	}
	if (!build_key(ms, agg, sc->aggkey, sigs, &h))
		return;
	if (agg->incr != NULL) {
		w = (int64_t)dtrace_dif_emulate(agg->incr, ms);
		if (ms->fault != DTRACEFLT_NONE)
			return;
	}
	if (sc->agg[0].data == NULL) {
		sc->aggdrops++;
		return;
	}
	val = lookup(st, &sc->agg[sc->aggactive], agg, sc->aggkey, sigs, h);
	if (val == NULL) {
		sc->aggdrops++;
		return;
	}
	if (agg->kind == DTRACEACT_AGG_COUNT)
		((int64_t *)(val + agg->keylen))[0]++;
	else
		fold(agg, (int64_t *)(val + agg->keylen), x, w);
}

void dtrace_agg_count_note(struct dtrace_ecb *ecb)
{
	const struct dtrace_action *a = &ecb->acts[0];
	const struct dtrace_aggregation *agg;

	ecb->count_aggid = 0;
	if (ecb->pred != NULL || ecb->nacts != 1 ||
	    a->kind != DTRACEACT_AGG_COUNT || a->aggid == 0)
		return;
	agg = ecb->state->aggs[a->aggid - 1];
	if (agg->nkeys != 0 || agg->value != NULL || agg->incr != NULL)
		return;
	ecb->count_hash = dtrace_hash_final(key_hash_start(agg->id));
	ecb->count_aggid = agg->id;
}

struct aggsnap {
	struct dtrace_state_cpu *sc;
	uint64_t drops;
};

/* On the CPU, interrupts off: the inactive buffer was emptied before. */
static void aggswitch(void *arg)
{
	struct aggsnap *s = arg;
	struct dtrace_state_cpu *sc = s->sc;

	sc->aggactive ^= 1;
	s->drops = sc->aggdrops - sc->snap_aggdrops;
	sc->snap_aggdrops = sc->aggdrops;
}

int dtrace_state_aggsnap(struct dtrace_state *st, uint32_t cpu, uint64_t cap,
			 struct dtrace_bufdesc *d, const void **data)
{
	struct aggsnap s = { 0 };
	struct dtrace_aggbuf *b;

	if (st->cpus == NULL || cpu >= st->ncpus)
		return -EINVAL;
	if (st->cpus[cpu].scratch == NULL)
		return -ENOENT;
	if (cap < st->aggsize) {
		d->dtbd_size = st->aggsize;
		return -ENOSPC;
	}
	s.sc = &st->cpus[cpu];
	b = &s.sc->agg[s.sc->aggactive ^ 1];
	if (b->data != NULL) { /* empty the one about to go live */
		b->used = 0;
		dtrace_memset(b->hash, 0, st->aggslots * sizeof(uint32_t));
	}
	if (dtrace_port_xcall(cpu, aggswitch, &s) != 0) {
		unsigned long flags = dtrace_port_irq_save();

		aggswitch(&s);
		dtrace_port_irq_restore(flags);
	}
	b = &s.sc->agg[s.sc->aggactive ^ 1];
	*data = b->data;
	d->dtbd_size = b->data != NULL ? b->used : 0;
	d->dtbd_cpu = cpu;
	d->dtbd_errors = 0;
	d->dtbd_drops = s.drops;
	d->dtbd_oldest = 0;
	d->dtbd_timestamp = dtrace_port_gethrtime();
	return 0;
}

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
#include "core/state.h"
#include "core/util.h"

#define AGG_PROBES	32	/* hash slots tried before giving up */
#define INT64_MAX_	((int64_t)(((uint64_t)1 << 63) - 1))
#define INT64_MIN_	(-INT64_MAX_ - 1)

int dtrace_aggbufs_alloc(struct dtrace_state *st, struct dtrace_state_cpu *sc)
{
	int i;

	if (st->naggs == 0 || st->aggsize == 0)
		return 0;
	for (i = 0; i < 2; i++) {
		sc->agg[i].data = dtrace_port_zalloc(st->aggsize);
		sc->agg[i].hash = dtrace_zalloc_array(st->aggslots,
						      sizeof(uint32_t));
		if (sc->agg[i].data == NULL || sc->agg[i].hash == NULL)
			return -ENOMEM;
	}
	sc->aggkey = dtrace_port_zalloc(st->aggkeymax + 8);
	return sc->aggkey != NULL ? 0 : -ENOMEM;
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

static uint32_t hash(uint32_t aggid, const uint8_t *key, uint32_t len)
{
	uint32_t h = 2166136261u ^ aggid, i;

	for (i = 0; i < len; i++)
		h = (h ^ key[i]) * 16777619u;
	return h ^ (h >> 15);
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
static uint8_t *lookup(struct dtrace_state *st, struct dtrace_aggbuf *b,
		       const struct dtrace_aggregation *agg, const uint8_t *key)
{
	uint32_t h = hash(agg->id, key, agg->keylen), i;
	uint32_t esize = 8 + agg->size;

	for (i = 0; i < AGG_PROBES && i < st->aggslots; i++) {
		uint32_t *slot = &b->hash[(h + i) & (st->aggslots - 1)];
		struct dtrace_aggent *e;

		if (*slot != 0) {
			e = (struct dtrace_aggent *)(b->data + *slot - 1);
			if (e->dtae_aggid == agg->id &&
			    dtrace_memcmp(e + 1, key, agg->keylen) == 0)
				return (uint8_t *)(e + 1);
			continue;
		}
		if (esize > st->aggsize - b->used)
			return NULL;
		e = (struct dtrace_aggent *)(b->data + b->used);
		e->dtae_aggid = agg->id;
		e->dtae_size = esize;
		dtrace_memcpy(e + 1, key, agg->keylen);
		dtrace_memset((uint8_t *)(e + 1) + agg->keylen, 0,
			      agg->valsize);
		value_init(agg, (int64_t *)((uint8_t *)(e + 1) + agg->keylen));
		*slot = (uint32_t)b->used + 1;
		b->used += esize;
		return (uint8_t *)(e + 1);
	}
	return NULL;
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

static uint32_t llquantize_bucket(uint64_t arg, int64_t v)
{
	uint64_t f = DTRACE_LLQUANTIZE_FACTOR(arg);
	uint64_t lo = DTRACE_LLQUANTIZE_LOW(arg);
	uint64_t hi = DTRACE_LLQUANTIZE_HIGH(arg);
	uint64_t s = DTRACE_LLQUANTIZE_NSTEP(arg), p = 1, m;
	uint32_t base = 2;

	if (v < 0)
		return 0;
	for (m = 0; m < lo; m++)
		p *= f;
	if ((uint64_t)v < p)
		return 1;
	for (m = lo; m <= hi; m++) {
		uint64_t next = p * f, n = DTRACE_MIN(s, next);

		if ((uint64_t)v < next)
			return base + (uint32_t)(((uint64_t)v - p) / (next / n));
		base += (uint32_t)(n - n / f);
		p = next;
	}
	return base;	/* overflow: NB - 1 */
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

static void fold(const struct dtrace_aggregation *agg, int64_t *v,
		 int64_t x, int64_t w)
{
	switch (agg->kind) {
	case DTRACEACT_AGG_COUNT:	v[0]++; break;
	case DTRACEACT_AGG_SUM:		v[0] += x; break;
	case DTRACEACT_AGG_MIN:		v[0] = DTRACE_MIN(v[0], x); break;
	case DTRACEACT_AGG_MAX:		v[0] = DTRACE_MAX(v[0], x); break;
	case DTRACEACT_AGG_AVG:		v[0]++; v[1] += x; break;
	case DTRACEACT_AGG_STDDEV:
		v[0]++;
		v[1] += x;
		add_square((uint64_t *)&v[2], x);
		break;
	case DTRACEACT_AGG_QUANTIZE:
		v[quantize_bucket(x)] += w;
		break;
	case DTRACEACT_AGG_LQUANTIZE:
		v[1 + lquantize_bucket(agg->arg, x)] += w;
		break;
	default:
		v[1 + llquantize_bucket(agg->arg, x)] += w;
		break;
	}
}

/* Builds the key in the per-CPU key area; false after a fault. */
static bool build_key(struct dtrace_mstate *ms,
		      const struct dtrace_aggregation *agg, uint8_t *key)
{
	uint32_t i;

	dtrace_memset(key, 0, agg->keylen);
	for (i = 0; i < agg->nkeys; i++) {
		dtrace_record(ms, &agg->keys[i], key);
		if (ms->fault != DTRACEFLT_NONE)
			return false;
	}
	return true;
}

void dtrace_agg_apply(struct dtrace_mstate *ms, const struct dtrace_action *a)
{
	struct dtrace_state *st = ms->state;
	struct dtrace_state_cpu *sc = ms->scpu;
	const struct dtrace_aggregation *agg = st->aggs[a->aggid - 1];
	int64_t x = 0, w = 1;
	uint8_t *val;

	if (agg->value != NULL) {
		x = (int64_t)dtrace_dif_emulate(agg->value, ms);
		if (ms->fault != DTRACEFLT_NONE)
			return;
	}
	if (!build_key(ms, agg, sc->aggkey))
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
	val = lookup(st, &sc->agg[sc->aggactive], agg, sc->aggkey);
	if (val == NULL) {
		sc->aggdrops++;
		return;
	}
	fold(agg, (int64_t *)(val + agg->keylen), x, w);
}

struct aggsnap {
	struct dtrace_state_cpu	*sc;
	uint64_t		drops;
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
	if (b->data != NULL) {		/* empty the one about to go live */
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

// SPDX-License-Identifier: GPL-2.0
/*
 * Principal buffers and the rest of a state's per-CPU memory, allocated
 * at GO (never in probe context): the principal buffer(s), aggregation
 * buffers (agg.c), scratch and clause-local variables. Sizes are 64-bit
 * and no buffer is larger than DTRACE_MAX_ALLOC (limits.h). With
 * bufresize=auto an allocation failure halves the larger of bufsize and
 * aggsize and tries again, down to a page. Policies (doc/records.md
 * §9): SWITCH keeps two buffers per CPU, probes write the active one and
 * BUFSNAP switches them on that CPU; FILL keeps one that stops taking
 * records when full (room is kept for END); RING keeps one written
 * circularly, the oldest whole records giving way. FILL and RING buffers
 * are copied out once, after STOP.
 */
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"

#define DTRACE_BUFSIZE_FLOOR 4096

static void cpu_free(struct dtrace_state_cpu *sc)
{
	dtrace_aggbufs_free(sc);
	if (sc->buf.data[1] != sc->buf.data[0])
		dtrace_port_free(sc->buf.data[1]);
	dtrace_port_free(sc->buf.data[0]);
	dtrace_port_free(sc->scratch);
	dtrace_port_free(sc->lvals);
	dtrace_memset(sc, 0, sizeof(*sc));
}

static int cpu_alloc(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		     uint32_t cpu, uint64_t bufsize)
{
	uint64_t lsize = st->lvars.n * sizeof(uint64_t) + st->lstore_size;

	sc->buf.data[0] = dtrace_port_zalloc(bufsize);
	if (st->opts[DTRACEOPT_BUFPOLICY] == DTRACEOPT_BUFPOLICY_SWITCH)
		sc->buf.data[1] = dtrace_port_zalloc(bufsize);
	else
		sc->buf.data[1] = sc->buf.data[0]; /* unused */
	sc->scratch = dtrace_port_zalloc(st->scratch_size);
	sc->lvals = dtrace_port_zalloc(lsize != 0 ? lsize : 8);
	if (sc->buf.data[0] == NULL || sc->buf.data[1] == NULL ||
	    sc->scratch == NULL || sc->lvals == NULL) {
		cpu_free(sc);
		return -ENOMEM;
	}
	if (dtrace_aggbufs_alloc(st, sc) != 0) {
		cpu_free(sc);
		return -ENOMEM;
	}
	sc->lstore = (uint8_t *)(sc->lvals + st->lvars.n);
	sc->rand = st->opts[DTRACEOPT_STRSIZE] ^ dtrace_port_gethrtime() ^
		   ((uint64_t)cpu << 32);
	return 0;
}

/* Impossible CPUs, and all but the cpu option's one, get no buffers. */
static bool cpu_wanted(const struct dtrace_state *st, uint32_t c)
{
	uint64_t only = st->opts[DTRACEOPT_CPU];

	return dtrace_port_cpu_possible(c) &&
	       (only == 0xffffffffu || c == only);
}

/* What cpu_alloc() and dtrace_aggbufs_alloc() take for one CPU. */
static uint64_t cpu_bytes(const struct dtrace_state *st, uint64_t bufsize)
{
	uint64_t bufs = st->opts[DTRACEOPT_BUFPOLICY] ==
					DTRACEOPT_BUFPOLICY_SWITCH ?
				2 :
				1;
	uint64_t aggs = st->naggs == 0 || st->aggsize == 0 ?
				0 :
				2 * (st->aggsize +
				     st->aggslots * sizeof(uint32_t)) +
					st->aggkeymax;

	return bufs * bufsize + st->scratch_size + aggs +
	       st->lvars.n * sizeof(uint64_t) + st->lstore_size;
}

/* Hash slots for aggsize bytes: one per 16 bytes, a power of 2, capped. */
uint32_t dtrace_aggslots(uint64_t aggsize)
{
	uint64_t n = DTRACE_MIN_AGGSLOTS;

	while (n < aggsize / 16 && n < DTRACE_MAX_AGGSLOTS)
		n *= 2;
	return (uint32_t)n;
}

static int try_alloc(struct dtrace_state *st, uint64_t bufsize,
		     uint64_t aggsize)
{
	uint32_t c, n = 0;
	int err;

	st->bufsize = bufsize;
	st->aggsize = aggsize;
	st->aggslots = dtrace_aggslots(aggsize);
	for (c = 0; c < st->ncpus; c++)
		n += cpu_wanted(st, c);
	/* Each is one allocation; entry offsets in the hash are 32 bits. */
	if (bufsize > DTRACE_MAX_ALLOC || aggsize > DTRACE_MAX_ALLOC ||
	    !dtrace_mem_fits(n, cpu_bytes(st, bufsize)))
		return -ENOMEM;
	for (c = 0; c < st->ncpus; c++) {
		if (!cpu_wanted(st, c))
			continue;
		err = cpu_alloc(st, &st->cpus[c], c, bufsize);
		if (err != 0) {
			while (c-- > 0)
				cpu_free(&st->cpus[c]);
			return err;
		}
	}
	return 0;
}

static uint64_t halve(uint64_t size)
{
	return size / 2 < DTRACE_BUFSIZE_FLOOR ?
		       size :
		       DTRACE_ALIGN(size / 2, (uint64_t)8);
}

int dtrace_buffers_alloc(struct dtrace_state *st)
{
	uint64_t bufsize = st->opts[DTRACEOPT_BUFSIZE];
	uint64_t aggsize = DTRACE_ALIGN(st->opts[DTRACEOPT_AGGSIZE],
					(uint64_t)8);
	uint64_t strsize = st->opts[DTRACEOPT_STRSIZE];
	int err;

	uint32_t i;

	if (st->naggs == 0)
		aggsize = 0;
	st->endreserve = 0;
	for (i = 0; i < st->necbs; i++)
		if (st->ecbs[i]->probe->id == st->core->end_id)
			st->endreserve += 16 + st->ecbs[i]->size;
	st->ncpus = st->core->ncpus;
	/* Room for alloca() plus eight string results per clause. */
	st->scratch_size = DTRACE_ALIGN(st->opts[DTRACEOPT_SCRATCHSIZE] +
						8 * (strsize + 8),
					(uint64_t)8);
	st->gstore = dtrace_port_zalloc(st->gstore_size + 8);
	st->cpus = dtrace_zalloc_array(st->ncpus, sizeof(*st->cpus));
	if (st->cpus == NULL || st->gstore == NULL) {
		err = -ENOMEM;
		goto fail;
	}
	for (;;) {
		err = try_alloc(st, bufsize, aggsize);
		if (err == 0)
			return 0;
		if (st->opts[DTRACEOPT_BUFRESIZE] != 0)
			break;
		/* The larger halves first: a huge aggsize leaves bufsize be. */
		if (aggsize > bufsize && halve(aggsize) != aggsize)
			aggsize = halve(aggsize);
		else if (halve(bufsize) != bufsize)
			bufsize = halve(bufsize);
		else if (halve(aggsize) != aggsize)
			aggsize = halve(aggsize);
		else
			break;
	}
fail:
	/* A refused GO may be retried: nothing of this one stays. */
	dtrace_port_free(st->cpus);
	st->cpus = NULL;
	dtrace_port_free(st->gstore);
	st->gstore = NULL;
	return err;
}

void dtrace_buffers_free(struct dtrace_state *st)
{
	uint32_t c;

	if (st->cpus == NULL)
		return;
	for (c = 0; c < st->ncpus; c++)
		cpu_free(&st->cpus[c]);
	dtrace_port_free(st->cpus);
	st->cpus = NULL;
}

/* RING: bytes of the record at off; 0 at padding (the tail of a lap). */
static uint64_t ring_recsize(const struct dtrace_state *st, const uint8_t *data,
			     uint64_t off)
{
	uint32_t epid;

	dtrace_memcpy(&epid, data + off, sizeof(epid));
	/* late.c may add ECBs meanwhile: the count, then its array */
	if (epid == DTRACE_EPIDNONE ||
	    epid > __atomic_load_n(&st->necbs, __ATOMIC_ACQUIRE))
		return 0;
	return 16 + (uint64_t)DTRACE_READ_ONCE(st->ecbs)[epid - 1]->size;
}

static uint8_t *ring_reserve(struct dtrace_state *st, struct dtrace_buf *b,
			     uint64_t need)
{
	uint64_t size = st->bufsize, head = b->off[0];

	if (need > size)
		return NULL;
	if (head + need > size) { /* pad the tail, go round */
		dtrace_memset(b->data[0] + head, 0, size - head);
		head = b->off[0] = 0;
		b->wrapped = 1;
		b->oldest = 0;
	}
	while (b->wrapped && b->oldest < head + need) {
		uint64_t r = ring_recsize(st, b->data[0], b->oldest);

		if (r == 0) { /* no older records left */
			b->oldest = size;
			break;
		}
		b->oldest += r;
	}
	return b->data[0] + head;
}

static uint8_t *fill_reserve(struct dtrace_state *st,
			     struct dtrace_state_cpu *sc, uint64_t need,
			     bool end)
{
	struct dtrace_buf *b = &sc->buf;
	uint64_t cap = st->bufsize - DTRACE_MIN(st->bufsize, st->endreserve);

	if (end)
		cap = st->bufsize;
	if ((b->full && !end) || need > cap - DTRACE_MIN(cap, b->off[0])) {
		if (!b->full && !end) {
			b->full = 1;
			sc->filled++;
			dtrace_port_cas32(&st->activity, DTRACE_ACTIVITY_ACTIVE,
					  DTRACE_ACTIVITY_DRAINING);
		}
		return NULL;
	}
	return b->data[0] + b->off[0];
}

uint8_t *dtrace_buf_reserve(struct dtrace_state *st,
			    struct dtrace_state_cpu *sc, uint64_t need,
			    bool end)
{
	struct dtrace_buf *b = &sc->buf;
	uint8_t *rec;

	switch (st->opts[DTRACEOPT_BUFPOLICY]) {
	case DTRACEOPT_BUFPOLICY_FILL:
		rec = fill_reserve(st, sc, need, end);
		break;
	case DTRACEOPT_BUFPOLICY_RING:
		rec = ring_reserve(st, b, need);
		break;
	default:
		rec = need <= st->bufsize - b->off[b->active] ?
			      b->data[b->active] + b->off[b->active] :
			      NULL;
		break;
	}
	if (rec == NULL)
		sc->drops++;
	return rec;
}

void dtrace_buf_commit(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		       uint64_t need)
{
	struct dtrace_buf *b = &sc->buf;

	if (st->opts[DTRACEOPT_BUFPOLICY] == DTRACEOPT_BUFPOLICY_SWITCH)
		b->off[b->active] += need;
	else
		b->off[0] += need;
}

struct snap {
	struct dtrace_state_cpu *sc;
	uint64_t size;
	uint64_t drops;
	uint32_t errors;
	uint32_t inactive;
	bool doswitch;
};

/* Runs on the buffer's CPU with interrupts off: no probe is writing. */
static void bufswitch(void *arg)
{
	struct snap *s = arg;
	struct dtrace_state_cpu *sc = s->sc;
	struct dtrace_buf *b = &sc->buf;

	if (s->doswitch) {
		s->inactive = b->active;
		s->size = b->off[b->active];
		b->active ^= 1;
		b->off[b->active] = 0;
	}
	s->drops = sc->drops - sc->snap_drops;
	s->errors = (uint32_t)(sc->errors - sc->snap_errors);
	sc->snap_drops = sc->drops;
	sc->snap_errors = sc->errors;
}

/* FILL and RING after STOP: the whole buffer, once. */
static uint64_t stopped_copy(struct dtrace_state *st, struct dtrace_buf *b,
			     uint64_t *oldest)
{
	uint64_t head = b->off[0], end;

	*oldest = 0;
	if (b->copied)
		return 0;
	b->copied = 1;
	if (!b->wrapped)
		return head;
	end = DTRACE_MIN(b->oldest, st->bufsize);
	dtrace_memset(b->data[0] + head, 0, end - head); /* the gap */
	*oldest = end < st->bufsize ? end : 0;
	return st->bufsize;
}

int dtrace_state_bufsnap(struct dtrace_state *st, uint32_t cpu, uint64_t cap,
			 struct dtrace_bufdesc *d, const void **data)
{
	bool sw = st->opts[DTRACEOPT_BUFPOLICY] == DTRACEOPT_BUFPOLICY_SWITCH;
	uint32_t act = st->activity;
	struct snap s = { 0 };
	uint64_t oldest = 0;

	if (st->cpus == NULL || cpu >= st->ncpus)
		return -EINVAL;
	if (st->cpus[cpu].buf.data[0] == NULL)
		return -ENOENT;
	if (cap < st->bufsize) {
		d->dtbd_size = st->bufsize;
		return -ENOSPC;
	}
	s.sc = &st->cpus[cpu];
	s.doswitch = sw;
	if (dtrace_port_xcall(cpu, bufswitch, &s) != 0) {
		/* An offline CPU fires nothing: switch from here. */
		unsigned long flags = dtrace_port_irq_save();

		bufswitch(&s);
		dtrace_port_irq_restore(flags);
	}
	if (!sw &&
	    (act == DTRACE_ACTIVITY_STOPPED || act == DTRACE_ACTIVITY_KILLED))
		s.size = stopped_copy(st, &s.sc->buf, &oldest);
	*data = s.sc->buf.data[sw ? s.inactive : 0];
	d->dtbd_size = s.size;
	d->dtbd_cpu = cpu;
	d->dtbd_errors = s.errors;
	d->dtbd_drops = s.drops;
	d->dtbd_oldest = oldest;
	d->dtbd_timestamp = dtrace_port_gethrtime();
	return 0;
}

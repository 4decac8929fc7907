// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU memory of a state, allocated at GO (never in probe context):
 * two principal buffers per CPU (DTrace's switch model: probes write the
 * active one, BUFSNAP switches them on that CPU and copies the other
 * out), the scratch area and the clause-local variables. With
 * bufresize=auto an allocation failure halves the buffer size and tries
 * again down to a floor.
 */
#include "core/state.h"
#include "core/util.h"

#define DTRACE_BUFSIZE_FLOOR	4096

static void cpu_free(struct dtrace_state_cpu *sc)
{
	dtrace_aggbufs_free(sc);
	dtrace_port_free(sc->buf.data[0]);
	dtrace_port_free(sc->buf.data[1]);
	dtrace_port_free(sc->scratch);
	dtrace_port_free(sc->lvals);
	dtrace_memset(sc, 0, sizeof(*sc));
}

static int cpu_alloc(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		     uint32_t cpu, uint64_t bufsize)
{
	uint64_t lsize = st->lvars.n * sizeof(uint64_t) + st->lstore_size;

	sc->buf.data[0] = dtrace_port_zalloc(bufsize);
	sc->buf.data[1] = dtrace_port_zalloc(bufsize);
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

	return dtrace_port_cpu_possible(c) && (only == 0xffffffffu || c == only);
}

static int try_alloc(struct dtrace_state *st, uint64_t bufsize,
		     uint64_t aggsize)
{
	uint32_t c;
	int err;

	st->bufsize = bufsize;
	st->aggsize = aggsize;
	st->aggslots = 64;
	while (st->aggslots < aggsize / 16)
		st->aggslots *= 2;
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
	return size / 2 < DTRACE_BUFSIZE_FLOOR ? size :
	       DTRACE_ALIGN(size / 2, (uint64_t)8);
}

int dtrace_buffers_alloc(struct dtrace_state *st)
{
	uint64_t bufsize = st->opts[DTRACEOPT_BUFSIZE];
	uint64_t aggsize = DTRACE_ALIGN(st->opts[DTRACEOPT_AGGSIZE], (uint64_t)8);
	uint64_t strsize = st->opts[DTRACEOPT_STRSIZE];
	int err;

	if (st->naggs == 0)
		aggsize = 0;
	st->ncpus = st->core->ncpus;
	/* Room for alloca() plus eight string results per clause. */
	st->scratch_size = DTRACE_ALIGN(st->opts[DTRACEOPT_SCRATCHSIZE] +
					8 * (strsize + 8), (uint64_t)8);
	st->gstore = dtrace_port_zalloc(st->gstore_size + 8);
	st->cpus = dtrace_zalloc_array(st->ncpus, sizeof(*st->cpus));
	if (st->cpus == NULL || st->gstore == NULL) {
		dtrace_port_free(st->cpus);
		st->cpus = NULL;
		return -ENOMEM;
	}
	for (;;) {
		err = try_alloc(st, bufsize, aggsize);
		if (err == 0)
			return 0;
		if (st->opts[DTRACEOPT_BUFRESIZE] != 0 ||
		    (halve(bufsize) == bufsize && halve(aggsize) == aggsize))
			break;
		bufsize = halve(bufsize);
		aggsize = halve(aggsize);
	}
	dtrace_port_free(st->cpus);
	st->cpus = NULL;
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

struct snap {
	struct dtrace_state_cpu	*sc;
	uint64_t		size;
	uint64_t		drops;
	uint32_t		errors;
	uint32_t		inactive;
};

/* Runs on the buffer's CPU with interrupts off: no probe is writing. */
static void bufswitch(void *arg)
{
	struct snap *s = arg;
	struct dtrace_state_cpu *sc = s->sc;
	struct dtrace_buf *b = &sc->buf;

	s->inactive = b->active;
	s->size = b->off[b->active];
	b->active ^= 1;
	b->off[b->active] = 0;
	s->drops = sc->drops - sc->snap_drops;
	s->errors = (uint32_t)(sc->errors - sc->snap_errors);
	sc->snap_drops = sc->drops;
	sc->snap_errors = sc->errors;
}

int dtrace_state_bufsnap(struct dtrace_state *st, uint32_t cpu, uint64_t cap,
			 struct dtrace_bufdesc *d, const void **data)
{
	struct snap s = { 0 };

	if (st->cpus == NULL || cpu >= st->ncpus)
		return -EINVAL;
	if (st->cpus[cpu].buf.data[0] == NULL)
		return -ENOENT;
	if (cap < st->bufsize) {
		d->dtbd_size = st->bufsize;
		return -ENOSPC;
	}
	s.sc = &st->cpus[cpu];
	if (dtrace_port_xcall(cpu, bufswitch, &s) != 0) {
		/* An offline CPU fires nothing: switch from here. */
		unsigned long flags = dtrace_port_irq_save();

		bufswitch(&s);
		dtrace_port_irq_restore(flags);
	}
	*data = s.sc->buf.data[s.inactive];
	d->dtbd_size = s.size;
	d->dtbd_cpu = cpu;
	d->dtbd_errors = s.errors;
	d->dtbd_drops = s.drops;
	d->dtbd_oldest = 0;
	d->dtbd_timestamp = dtrace_port_gethrtime();
	return 0;
}

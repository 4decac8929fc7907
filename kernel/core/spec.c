// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations (spec.h). The id states live in st->specs and change by
 * compare-and-swap: speculation() INACTIVE -> ACTIVE, commit() ACTIVE ->
 * COMMITTING, discard() ACTIVE -> DISCARDING, and back to INACTIVE when
 * no CPU holds data of the id any more: at once when the committing CPU
 * sees every other CPU's buffer empty and idle, else by the cleaner,
 * which visits each CPU with interrupts off (no firing runs there).
 *
 * A CPU writing into a speculation announces the id in its specbusy word
 * before it checks the id is ACTIVE; the committing CPU changes the
 * state before it looks at the other CPUs' specbusy words (full fences
 * on both sides), so one of the two always sees the other.
 */
#include "core/spec.h"
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"

static uint32_t nspec(const struct dtrace_state *st)
{
	return (uint32_t)st->opts[DTRACEOPT_NSPEC];
}

/*
 * One allocation per CPU holds its nspec buffers of size bytes (64-bit
 * product, at most DTRACE_MAX_ALLOC), so GO makes ncpus allocations, not
 * ncpus x nspec.
 */
static int spec_try(struct dtrace_state *st, uint64_t size)
{
	uint32_t c, i, n = nspec(st);
	uint64_t percpu = (uint64_t)n * size;

	if (percpu > DTRACE_MAX_ALLOC || !dtrace_mem_fits(st->ncpus, percpu))
		return -ENOMEM;
	st->specs = dtrace_zalloc_array(n, sizeof(uint32_t));
	if (st->specs == NULL)
		return -ENOMEM;
	for (c = 0; c < st->ncpus; c++) {
		struct dtrace_state_cpu *sc = &st->cpus[c];
		uint8_t *block;

		sc->spec = dtrace_zalloc_array(n, sizeof(*sc->spec));
		block = dtrace_port_zalloc(percpu);
		if (sc->spec == NULL || block == NULL) {
			dtrace_port_free(block);
			dtrace_spec_free(st);
			return -ENOMEM;
		}
		for (i = 0; i < n; i++)
			sc->spec[i].data = block + i * size;
	}
	return 0;
}

/*
 * At most DTRACE_MAX_SPECSIZE, 8-aligned downwards as DTrace sizes its
 * buffers; with bufresize=auto it halves until the buffers fit. A state
 * that speculates needs at least 8 bytes: less is -E2BIG ("Enabling
 * exceeds size of buffer"), not a buffer every record overflows.
 */
int dtrace_spec_alloc(struct dtrace_state *st)
{
	uint64_t size = DTRACE_MIN(st->opts[DTRACEOPT_SPECSIZE],
				   (uint64_t)DTRACE_MAX_SPECSIZE) &
			~(uint64_t)7;
	int err;

	if (size == 0 && st->speculates)
		return -E2BIG;
	for (;;) {
		err = spec_try(st, size != 0 ? size : 8);
		if (err == 0 || st->opts[DTRACEOPT_BUFRESIZE] != 0 ||
		    size <= 4096)
			break;
		size = DTRACE_ALIGN(size / 2, (uint64_t)8);
	}
	if (err == 0)
		st->opts[DTRACEOPT_SPECSIZE] = size;
	return err;
}

void dtrace_spec_free(struct dtrace_state *st)
{
	uint32_t c;

	for (c = 0; st->cpus != NULL && c < st->ncpus; c++) {
		struct dtrace_state_cpu *sc = &st->cpus[c];

		if (sc->spec != NULL) /* spec[0].data is the block */
			dtrace_port_free(sc->spec[0].data);
		dtrace_port_free(sc->spec);
		sc->spec = NULL;
	}
	dtrace_port_free(st->specs);
	st->specs = NULL;
}

/* An id speculate() may write to (0 never is) or commit() may end. */
static bool spec_in_range(const struct dtrace_state *st, uint64_t id)
{
	return id <= nspec(st) && st->specs != NULL;
}

bool dtrace_spec_valid(struct dtrace_mstate *ms, uint64_t id)
{
	if (spec_in_range(ms->state, id))
		return true;
	dtrace_fault(ms, DTRACEFLT_ILLOP, id);
	return false;
}

uint64_t dtrace_spec_new(struct dtrace_mstate *ms)
{
	struct dtrace_state *st = ms->state;
	uint32_t i, n = nspec(st);
	bool busy = false;

	for (i = 0; st->specs != NULL && i < n; i++) {
		uint32_t s = DTRACE_READ_ONCE(st->specs[i]);

		if (s == DTRACE_SPEC_INACTIVE &&
		    dtrace_port_cas32(&st->specs[i], s, DTRACE_SPEC_ACTIVE) ==
			    DTRACE_SPEC_INACTIVE)
			return i + 1;
		busy |= s == DTRACE_SPEC_COMMITTING ||
			s == DTRACE_SPEC_DISCARDING;
	}
	if (busy)
		ms->scpu->specdrops_busy++;
	else
		ms->scpu->specdrops_unavail++;
	return 0;
}

uint8_t *dtrace_spec_reserve(struct dtrace_mstate *ms, uint64_t id,
			     uint64_t need)
{
	struct dtrace_state *st = ms->state;
	struct dtrace_specbuf *b;

	/* No buffer for 0 or an id out of range: the clause is dropped
	 * silently, as DTrace drops it (no ERROR; commit() faults). */
	if (id == 0 || !spec_in_range(st, id))
		return NULL;
	__atomic_store_n(&ms->scpu->specbusy, (uint32_t)id, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&st->specs[id - 1], __ATOMIC_SEQ_CST) !=
	    DTRACE_SPEC_ACTIVE) {
		__atomic_store_n(&ms->scpu->specbusy, 0, __ATOMIC_RELEASE);
		return NULL;
	}
	b = &ms->scpu->spec[id - 1];
	if (need > st->opts[DTRACEOPT_SPECSIZE] -
			   DTRACE_MIN(b->off, st->opts[DTRACEOPT_SPECSIZE])) {
		b->drops++;
		__atomic_store_n(&ms->scpu->specbusy, 0, __ATOMIC_RELEASE);
		return NULL;
	}
	return b->data + b->off;
}

void dtrace_spec_done(struct dtrace_mstate *ms, uint64_t id, uint64_t used)
{
	ms->scpu->spec[id - 1].off += used;
	__atomic_store_n(&ms->scpu->specbusy, 0, __ATOMIC_RELEASE);
}

/*
 * Committed records take the time they reach the principal buffer, as in
 * DTrace: each CPU's buffer stays in time order, which -x temporal's
 * merge of the CPUs relies on.
 */
static void restamp(const struct dtrace_state *st, uint8_t *rec, uint64_t len)
{
	uint64_t now = dtrace_port_gethrtime(), off = 0;
	struct dtrace_rechdr h;

	while (len - off >= sizeof(h)) {
		dtrace_memcpy(&h, rec + off, sizeof(h));
		if (h.dtrh_epid == 0 ||
		    h.dtrh_epid > __atomic_load_n(&st->necbs, __ATOMIC_ACQUIRE))
			return; /* late.c adds ECBs: the count, then its array */
		h.dtrh_timestamp = now;
		dtrace_memcpy(rec + off, &h, sizeof(h));
		off += sizeof(h) +
		       DTRACE_READ_ONCE(st->ecbs)[h.dtrh_epid - 1]->size;
		if (off > len)
			return;
	}
}

/*
 * This CPU's buffer of id into its principal buffer (or nowhere). As in
 * DTrace, the records a speculation had no room for count as drops when
 * it is committed; a discarded one's go with it.
 */
static void flush_here(struct dtrace_state *st, struct dtrace_state_cpu *sc,
		       uint32_t id, bool copy)
{
	struct dtrace_specbuf *b = &sc->spec[id - 1];
	uint8_t *dst;

	if (copy)
		sc->specdrops += b->drops;
	b->drops = 0;

	if (copy && b->off > 0) {
		dst = dtrace_buf_reserve(st, sc, b->off, false);
		if (dst != NULL) {
			dtrace_memcpy(dst, b->data, b->off);
			restamp(st, dst, b->off);
			dtrace_buf_commit(st, sc, b->off);
		}
	}
	b->off = 0;
}

/* Back to INACTIVE at once if no other CPU holds or writes data of id. */
static void try_finish(struct dtrace_state *st, uint32_t id, uint32_t from)
{
	uint32_t c;

	for (c = 0; c < st->ncpus; c++) {
		struct dtrace_state_cpu *sc = &st->cpus[c];

		if (__atomic_load_n(&sc->specbusy, __ATOMIC_ACQUIRE) == id ||
		    DTRACE_READ_ONCE(sc->spec[id - 1].off) != 0)
			return;
	}
	dtrace_port_cas32(&st->specs[id - 1], from, DTRACE_SPEC_INACTIVE);
}

static void finish(struct dtrace_mstate *ms, uint64_t id, uint32_t to)
{
	struct dtrace_state *st = ms->state;

	if (id == 0 || !dtrace_spec_valid(ms, id))
		return;
	if (!__atomic_compare_exchange_n(
		    &st->specs[id - 1], &(uint32_t){ DTRACE_SPEC_ACTIVE }, to,
		    false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		return;
	flush_here(st, ms->scpu, (uint32_t)id, to == DTRACE_SPEC_COMMITTING);
	try_finish(st, (uint32_t)id, to);
}

void dtrace_spec_commit(struct dtrace_mstate *ms, uint64_t id)
{
	finish(ms, id, DTRACE_SPEC_COMMITTING);
}

void dtrace_spec_discard(struct dtrace_mstate *ms, uint64_t id)
{
	finish(ms, id, DTRACE_SPEC_DISCARDING);
}

struct clean_arg {
	struct dtrace_state *st;
	struct dtrace_state_cpu *sc;
};

/* On the CPU of a->sc, interrupts off. */
static void clean_here(void *arg)
{
	struct clean_arg *a = arg;
	uint32_t i;

	for (i = 0; i < nspec(a->st); i++) {
		uint32_t s = DTRACE_READ_ONCE(a->st->specs[i]);

		if (s == DTRACE_SPEC_COMMITTING || s == DTRACE_SPEC_DISCARDING)
			flush_here(a->st, a->sc, i + 1,
				   s == DTRACE_SPEC_COMMITTING);
	}
}

void dtrace_spec_clean(struct dtrace_state *st)
{
	struct clean_arg a = { st, NULL };
	uint32_t i, c, n = 0;

	if (st->specs == NULL || st->cpus == NULL)
		return;
	for (i = 0; i < nspec(st); i++)
		n += DTRACE_READ_ONCE(st->specs[i]) >= DTRACE_SPEC_COMMITTING;
	if (n == 0)
		return;
	for (c = 0; c < st->ncpus; c++) {
		a.sc = &st->cpus[c];
		if (dtrace_port_xcall(c, clean_here, &a) != 0) {
			unsigned long flags = dtrace_port_irq_save();

			clean_here(&a);
			dtrace_port_irq_restore(flags);
		}
	}
	for (i = 0; i < nspec(st); i++) {
		uint32_t s = DTRACE_READ_ONCE(st->specs[i]);

		if (s >= DTRACE_SPEC_COMMITTING)
			dtrace_port_cas32(&st->specs[i], s,
					  DTRACE_SPEC_INACTIVE);
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Which probes each clause of an ENABLE names, found before any ECB is
 * made. Clauses with the same description (400,000 clauses of
 * `syscall::getppid:entry`) share one match; a description whose
 * provider, function and name are plain names is looked up through the
 * registry's provider:function:name hash; only the others compare every
 * probe. Lazy providers are asked once per distinct description. The
 * ECBs the matches make are counted against DTRACE_MAX_ECBS here, so a
 * program over it is refused before anything is created. Every loop
 * yields within DTRACE_YIELD_UNITS of work and stops for a killed caller.
 */
#include "core/enable.h"
#include "core/util.h"

/* How a retained description finds probes made later (late matching). */
enum { MATCH_GLOB, MATCH_KEYED, MATCH_ID };

struct dtrace_match {
	struct dtrace_pattern pat;
	uint32_t hash;
	uint32_t next;	/* index + 1 of the next in its bucket */
	uint64_t first; /* its probes: set->probes[first, first + n) */
	uint32_t n;
	uint32_t kind;	 /* MATCH_*: set by dtrace_match_retain() */
	uint32_t khash;	 /* MATCH_KEYED: of provider:function:name */
	uint32_t knext;	 /* index + 1 of the next in its kbucket */
	uint32_t clause; /* its first clause; cnext[] has the others */
};

struct dtrace_matchset {
	struct dtrace_match *m;
	uint32_t nm, mcap;
	uint32_t *bucket; /* index + 1 of a match, 0 = none */
	uint32_t nbuckets;
	uint32_t *of_clause; /* match index of each clause */
	struct dtrace_probe **probes;
	uint64_t nprobes, probecap;
	uint64_t work; /* for dtrace_yield_work() */
	/* Retained for probes made later (dtrace_match_retain()). */
	uint32_t nclauses;
	uint32_t *cnext;   /* next clause of the same match, or DTRACE_NONE */
	uint32_t *kbucket; /* MATCH_KEYED matches by khash: index + 1 */
	uint32_t *globs;   /* the MATCH_GLOB matches */
	uint32_t nglobs;
	uint32_t *hits; /* dtrace_match_late()'s answer: clauses */
};

static uint32_t hash_str(uint32_t h, const char *s)
{
	for (; *s != '\0'; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return (h ^ ':') * 16777619u;
}

static uint32_t pat_hash(const struct dtrace_pattern *p)
{
	uint32_t h = 2166136261u ^ p->id;

	return hash_str(hash_str(hash_str(hash_str(h, p->prov), p->mod),
				 p->func),
			p->name);
}

static bool pat_same(const struct dtrace_pattern *a,
		     const struct dtrace_pattern *b)
{
	return a->id == b->id && dtrace_strcmp(a->prov, b->prov) == 0 &&
	       dtrace_strcmp(a->mod, b->mod) == 0 &&
	       dtrace_strcmp(a->func, b->func) == 0 &&
	       dtrace_strcmp(a->name, b->name) == 0;
}

/* A plain name: not empty (any), no glob character. */
static bool literal(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (*s == '*' || *s == '?' || *s == '[' || *s == '\\')
			return false;
	return true;
}

static void *grow(void *arr, uint64_t n, uint64_t *cap, size_t esize)
{
	uint64_t ncap = *cap != 0 ? *cap * 2 : 64;
	void *na;

	if (n < *cap)
		return arr;
	na = dtrace_zalloc_array(ncap, esize);
	if (na == NULL)
		return NULL;
	if (arr != NULL)
		dtrace_memcpy(na, arr, *cap * esize);
	dtrace_port_free(arr);
	*cap = ncap;
	return na;
}

static int add_probe(struct dtrace_matchset *ms, struct dtrace_probe *p)
{
	struct dtrace_probe **np;

	np = grow(ms->probes, ms->nprobes, &ms->probecap, sizeof(*np));
	if (np == NULL)
		return -ENOMEM;
	ms->probes = np;
	ms->probes[ms->nprobes++] = p;
	return 0;
}

/* Heapsort by id (hash chains are in no order; EPIDs follow ids). */
static void sift(struct dtrace_probe **a, uint64_t root, uint64_t n)
{
	while (2 * root + 1 < n) {
		uint64_t c = 2 * root + 1;
		struct dtrace_probe *t;

		if (c + 1 < n && a[c + 1]->id > a[c]->id)
			c++;
		if (a[root]->id >= a[c]->id)
			return;
		t = a[root];
		a[root] = a[c];
		a[c] = t;
		root = c;
	}
}

static void sort_by_id(struct dtrace_probe **a, uint64_t n)
{
	uint64_t i;

	for (i = n / 2; i-- > 0;)
		sift(a, i, n);
	for (i = n; i-- > 1;) {
		struct dtrace_probe *t = a[0];

		a[0] = a[i];
		a[i] = t;
		sift(a, 0, i);
	}
}

/* Work units of comparing one probe with pat: more for longer globs. */
static uint64_t pat_units(const struct dtrace_pattern *p)
{
	return 1 + (dtrace_strlen(p->prov) + dtrace_strlen(p->mod) +
		    dtrace_strlen(p->func) + dtrace_strlen(p->name)) /
			   8;
}

static int consider(struct dtrace_matchset *ms, struct dtrace_probe *p,
		    const struct dtrace_pattern *pat, uint64_t units)
{
	int err;

	dtrace_port_tally(DTRACE_STEP_PROBE, 1);
	err = dtrace_yield_work(&ms->work, units);
	if (err == 0 && p != NULL && dtrace_probe_matches(p, pat))
		err = add_probe(ms, p);
	return err;
}

/* Appends the probes pat matches, in id order. */
static int find_probes(struct dtrace_core *core, struct dtrace_matchset *ms,
		       const struct dtrace_pattern *pat)
{
	uint64_t units = pat_units(pat), first = ms->nprobes;
	struct dtrace_provider *prov;
	struct dtrace_probe *p;
	uint32_t id;
	int err = 0;

	if (pat->id != 0)
		return consider(ms, dtrace_probe_lookup(core, pat->id), pat,
				units);
	if (literal(pat->prov) && literal(pat->func) && literal(pat->name)) {
		prov = dtrace_provider_lookup(core, pat->prov);
		if (prov == NULL)
			return 0;
		p = dtrace_probe_func_chain(core, prov, pat->func, pat->name);
		for (; p != NULL && err == 0; p = p->fnext)
			err = consider(ms, p, pat, units);
		/* probes may still be NULL: no arithmetic on it then */
		if (err == 0 && ms->nprobes > first)
			sort_by_id(ms->probes + first, ms->nprobes - first);
		return err;
	}
	for (id = 1; id <= core->nprobes && err == 0; id++)
		err = consider(ms, dtrace_probe_lookup(core, id), pat, units);
	return err;
}

static void clause_pattern(const struct dtrace_progview *pv, uint32_t c,
			   struct dtrace_pattern *pat)
{
	const struct dtrace_prog_probe *pp =
		&pv->probes[pv->clauses[c].dtpc_probe];

	pat->id = pp->dtpp_id;
	pat->prov = dtrace_prog_str(pv, pp->dtpp_provider);
	pat->mod = dtrace_prog_str(pv, pp->dtpp_mod);
	pat->func = dtrace_prog_str(pv, pp->dtpp_func);
	pat->name = dtrace_prog_str(pv, pp->dtpp_name);
}

/* The index of the match of clause c's description, made if new. */
static int match_of(struct dtrace_core *core, struct dtrace_matchset *ms,
		    const struct dtrace_progview *pv, uint32_t c, uint32_t *out)
{
	struct dtrace_pattern pat;
	struct dtrace_match *m;
	uint32_t h, i;
	uint64_t cap = ms->mcap;
	int err;

	clause_pattern(pv, c, &pat);
	h = pat_hash(&pat);
	err = dtrace_yield_work(&ms->work, pat_units(&pat));
	for (i = ms->bucket[h & (ms->nbuckets - 1)]; err == 0 && i != 0;
	     i = ms->m[i - 1].next) {
		err = dtrace_yield_work(&ms->work, 1);
		if (ms->m[i - 1].hash == h &&
		    pat_same(&ms->m[i - 1].pat, &pat)) {
			*out = i - 1;
			return err;
		}
	}
	if (err != 0)
		return err;
	m = grow(ms->m, ms->nm, &cap, sizeof(*m));
	if (m == NULL)
		return -ENOMEM;
	ms->m = m;
	ms->mcap = (uint32_t)cap;
	m = &ms->m[ms->nm];
	m->pat = pat;
	m->hash = h;
	m->first = ms->nprobes;
	dtrace_probe_provide(core, &pat);
	err = find_probes(core, ms, &pat);
	if (err != 0)
		return err;
	m->n = (uint32_t)(ms->nprobes - m->first);
	m->next = ms->bucket[h & (ms->nbuckets - 1)];
	ms->bucket[h & (ms->nbuckets - 1)] = ++ms->nm;
	*out = ms->nm - 1;
	return 0;
}

void dtrace_matchset_free(struct dtrace_matchset *ms)
{
	if (ms == NULL)
		return;
	dtrace_port_free(ms->m);
	dtrace_port_free(ms->bucket);
	dtrace_port_free(ms->of_clause);
	dtrace_port_free(ms->probes);
	dtrace_port_free(ms->cnext);
	dtrace_port_free(ms->kbucket);
	dtrace_port_free(ms->globs);
	dtrace_port_free(ms->hits);
	dtrace_port_free(ms);
}

static struct dtrace_matchset *matchset_alloc(uint32_t nclauses)
{
	struct dtrace_matchset *ms = dtrace_port_zalloc(sizeof(*ms));

	if (ms == NULL)
		return NULL;
	ms->nbuckets = 64;
	while (ms->nbuckets < nclauses && ms->nbuckets < (1u << 20))
		ms->nbuckets *= 2;
	ms->bucket = dtrace_zalloc_array(ms->nbuckets, sizeof(*ms->bucket));
	ms->of_clause = dtrace_zalloc_array(nclauses ? nclauses : 1,
					    sizeof(*ms->of_clause));
	if (ms->bucket == NULL || ms->of_clause == NULL) {
		dtrace_matchset_free(ms);
		return NULL;
	}
	return ms;
}

int dtrace_match_clauses(struct dtrace_state *st,
			 const struct dtrace_progview *pv,
			 struct dtrace_matchset **out,
			 struct dtrace_enable_res *res)
{
	struct dtrace_matchset *ms = matchset_alloc(pv->nclauses);
	uint64_t necbs = st->necbs;
	uint32_t c;
	int err = 0;

	if (ms == NULL)
		return -ENOMEM;
	ms->nclauses = pv->nclauses;
	for (c = 0; c < pv->nclauses && err == 0; c++) {
		err = match_of(st->core, ms, pv, c, &ms->of_clause[c]);
		if (err != 0)
			break;
		if (ms->m[ms->of_clause[c]].n == 0 &&
		    (pv->hdr->dtph_flags & DTRACE_PROGF_ZDEFS) == 0) {
			res->clause = c;
			err = dtrace_enable_fail(res, -ENOENT, "clause ", c,
						 " matches no probes");
			break;
		}
		necbs += ms->m[ms->of_clause[c]].n;
		if (necbs > DTRACE_MAX_ECBS)
			err = dtrace_enable_limit(res,
						  "ECBs (probes times clauses)",
						  DTRACE_NONE, necbs, "",
						  DTRACE_MAX_ECBS);
	}
	if (err != 0) {
		dtrace_matchset_free(ms);
		return err;
	}
	*out = ms;
	return 0;
}

uint32_t dtrace_match_probes(const struct dtrace_matchset *ms, uint32_t c,
			     struct dtrace_probe *const **probes)
{
	const struct dtrace_match *m = &ms->m[ms->of_clause[c]];

	*probes = m->n != 0 ? ms->probes + m->first : NULL;
	return m->n;
}

/* The key of a description or probe by provider:function:name. */
static uint32_t key_hash(const char *prov, const char *func, const char *name)
{
	return hash_str(hash_str(hash_str(2166136261u, prov), func), name);
}

int dtrace_match_retain(struct dtrace_matchset *ms)
{
	uint32_t c, i, n = ms->nclauses ? ms->nclauses : 1;

	ms->cnext = dtrace_zalloc_array(n, sizeof(*ms->cnext));
	ms->hits = dtrace_zalloc_array(n, sizeof(*ms->hits));
	ms->kbucket = dtrace_zalloc_array(ms->nbuckets, sizeof(*ms->kbucket));
	ms->globs = dtrace_zalloc_array(ms->nm ? ms->nm : 1,
					sizeof(*ms->globs));
	if (ms->cnext == NULL || ms->hits == NULL || ms->kbucket == NULL ||
	    ms->globs == NULL)
		return -ENOMEM;
	for (i = 0; i < ms->nm; i++)
		ms->m[i].clause = DTRACE_NONE;
	/* Backwards: each match's chain comes out in clause order. */
	for (c = ms->nclauses; c-- > 0;) {
		struct dtrace_match *m = &ms->m[ms->of_clause[c]];

		ms->cnext[c] = m->clause;
		m->clause = c;
		dtrace_yield_every(c); /* allocated already: not killable */
	}
	for (i = 0; i < ms->nm; i++) {
		struct dtrace_match *m = &ms->m[i];
		uint32_t *b;

		if (m->pat.id != 0) {
			m->kind =
				MATCH_ID; /* that probe alone, never a new one */
		} else if (literal(m->pat.prov) && literal(m->pat.func) &&
			   literal(m->pat.name)) {
			m->kind = MATCH_KEYED;
			m->khash = key_hash(m->pat.prov, m->pat.func,
					    m->pat.name);
			b = &ms->kbucket[m->khash & (ms->nbuckets - 1)];
			m->knext = *b;
			*b = i + 1;
		} else {
			m->kind = MATCH_GLOB;
			ms->globs[ms->nglobs++] = i;
		}
		dtrace_yield_every(i);
	}
	return 0;
}

void dtrace_match_trim(struct dtrace_matchset *ms)
{
	dtrace_port_free(ms->probes); /* ENABLE's answer, used */
	ms->probes = NULL;
	ms->nprobes = ms->probecap = 0;
}

/* Appends match i's clauses to ms->hits. */
static int add_hits(struct dtrace_matchset *ms, uint32_t i, uint32_t *n,
		    uint64_t *work)
{
	uint32_t c;
	int err = 0;

	for (c = ms->m[i].clause; c != DTRACE_NONE && err == 0;
	     c = ms->cnext[c]) {
		err = dtrace_yield_work(work, 1);
		if (*n < ms->nclauses) /* each clause is in one chain */
			ms->hits[(*n)++] = c;
	}
	return err;
}

int dtrace_match_late(struct dtrace_matchset *ms, const struct dtrace_probe *p,
		      uint64_t *work, const uint32_t **clauses)
{
	uint32_t h = key_hash(p->prov->name, p->func, p->name);
	uint32_t i, n = 0, nmatched = 0;
	int err = 0;

	*clauses = ms->hits;
	if (ms->cnext == NULL)
		return 0; /* not retained */
	for (i = ms->kbucket[h & (ms->nbuckets - 1)]; i != 0 && err == 0;
	     i = ms->m[i - 1].knext) {
		const struct dtrace_match *m = &ms->m[i - 1];

		dtrace_port_tally(DTRACE_STEP_PROBE, 1);
		err = dtrace_yield_work(work, pat_units(&m->pat));
		if (err == 0 && m->khash == h &&
		    dtrace_probe_matches(p, &m->pat)) {
			err = add_hits(ms, i - 1, &n, work);
			nmatched++;
		}
	}
	for (i = 0; i < ms->nglobs && err == 0; i++) {
		const struct dtrace_match *m = &ms->m[ms->globs[i]];

		dtrace_port_tally(DTRACE_STEP_PROBE, 1);
		err = dtrace_yield_work(work, pat_units(&m->pat));
		if (err == 0 && dtrace_probe_matches(p, &m->pat)) {
			err = add_hits(ms, ms->globs[i], &n, work);
			nmatched++;
		}
	}
	if (err != 0)
		return err;
	if (nmatched > 1) /* clause order, as ENABLE makes them */
		dtrace_sort_u32(ms->hits, n);
	return (int)n;
}

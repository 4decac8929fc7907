// SPDX-License-Identifier: GPL-2.0
/*
 * Structure-aware container mutation (mutate.h). Plain C, no allocation,
 * so the userspace kcore tests and the guest fuzzer share it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "dtrace/dtrace.h"
#include "mutate.h"

void rng_init(struct rng *r, uint64_t seed, uint64_t input)
{
	r->s = seed * 0x9e3779b97f4a7c15ull ^
	       (input + 1) * 0xbf58476d1ce4e5b9ull;
	rng_next(r);
}

/* splitmix64 */
uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	return n == 0 ? 0 : rng_next(r) % n;
}

uint64_t rng_interesting(struct rng *r, uint64_t cur)
{
	static const uint64_t v[] = {
		0,
		1,
		2,
		3,
		4,
		7,
		8,
		0x7f,
		0x80,
		0xff,
		0x100,
		0x7fff,
		0x8000,
		0xffff,
		0x10000,
		0x10001,
		4096,
		65536,
		1u << 20,
		1u << 24,
		0x7fffffff,
		0x80000000u,
		0xfffffffeu,
		0xffffffffu,
		0x100000000ull,
		0x100000001ull,
		1ull << 40,
		1ull << 62,
		1ull << 63,
		(1ull << 63) - 1,
		~0ull,
		~0ull - 1,
	};

	switch (rng_below(r, 8)) {
	case 0:
		return cur - 1;
	case 1:
		return cur + 1;
	case 2:
		return cur * 2;
	case 3:
		return rng_next(r);
	case 4:
		return (uint32_t)rng_next(r);
	default:
		return v[rng_below(r, sizeof(v) / sizeof(v[0]))];
	}
}

static void put(uint8_t *p, unsigned width, uint64_t v)
{
	if (width == 8)
		memcpy(p, &v, 8);
	else if (width == 4) {
		uint32_t w = (uint32_t)v;

		memcpy(p, &w, 4);
	} else if (width == 2) {
		uint16_t h = (uint16_t)v;

		memcpy(p, &h, 2);
	} else {
		*p = (uint8_t)v;
	}
}

static uint64_t get(const uint8_t *p, unsigned width)
{
	uint64_t v = 0;

	memcpy(&v, p, width); /* little-endian hosts only */
	return v;
}

/* Where table t lies in the blob, if it lies inside it at all. */
static uint8_t *table(uint8_t *buf, size_t size, unsigned t, uint32_t *count)
{
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)buf;
	uint64_t off = h->dtph_tab[t].dtpt_off, n = h->dtph_tab[t].dtpt_count;

	*count = 0;
	if (n == 0 || (off & 7) != 0 || off + n * dtrace_prog_entsize(t) > size)
		return NULL;
	*count = (uint32_t)n;
	return buf + off;
}

/* An entry field: a 1/2/4/8-byte value at an aligned offset in an entry. */
static void mutate_entry(struct rng *r, uint8_t *buf, size_t size)
{
	unsigned t = 1 + rng_below(r, DTRACE_PT_NTABLES - 1);
	size_t esz = dtrace_prog_entsize(t);
	unsigned width;
	uint32_t n;
	uint8_t *tab = table(buf, size, t, &n), *p;

	if (tab == NULL)
		return;
	width = esz >= 8 && rng_below(r, 3) == 0 ? 8 :
		esz >= 4			 ? 4 :
						   (unsigned)esz;
	p = tab + rng_below(r, n) * esz + rng_below(r, esz / width) * width;
	if (t == DTRACE_PT_CODE && rng_below(r, 2)) {
		/* A random instruction: opcode, then operands. */
		put(p, 4, rng_next(r));
		return;
	}
	put(p, width, rng_interesting(r, get(p, width)));
}

static void mutate_option(struct rng *r, uint8_t *buf, size_t size)
{
	struct dtrace_prog_option *o;
	uint32_t n;

	o = (struct dtrace_prog_option *)table(buf, size, DTRACE_PT_OPTIONS,
					       &n);
	if (o == NULL)
		return;
	o += rng_below(r, n);
	if (rng_below(r, 4) == 0)
		o->dtpo_option = (uint32_t)rng_below(r, DTRACEOPT_MAX + 2);
	o->dtpo_value = rng_interesting(r, o->dtpo_value);
}

/*
 * Appends k copies of table t's entries at the blob's end and points the
 * table there: large counts of entries that were valid. A grown ACTIONS
 * or CLAUSES table is also made reachable by the first clause.
 */
static size_t grow(struct rng *r, uint8_t *buf, size_t size, size_t cap)
{
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)buf;
	unsigned t = rng_below(r, DTRACE_PT_NTABLES);
	size_t esz = dtrace_prog_entsize(t), off = (size + 7) & ~(size_t)7;
	uint64_t k = 2 + rng_below(r, 2) * rng_below(r, 4096);
	uint32_t n;
	uint8_t *tab = table(buf, size, t, &n);
	uint64_t bytes = (uint64_t)n * esz;

	if (tab == NULL)
		return size;
	if (off + k * bytes > cap)
		k = (cap - off) / bytes;
	if (k < 2 || (uint64_t)n * k > 0xffffffffu)
		return size;
	memset(buf + size, 0, off - size);
	for (uint64_t i = 0; i < k; i++)
		memmove(buf + off + i * bytes, tab, bytes);
	h->dtph_tab[t].dtpt_off = (uint32_t)off;
	h->dtph_tab[t].dtpt_count = (uint32_t)(n * k);
	size = off + k * bytes;
	h->dtph_size = (uint32_t)size;
	if (t == DTRACE_PT_ACTIONS) {
		struct dtrace_prog_clause *c;
		uint32_t nc;

		c = (struct dtrace_prog_clause *)table(buf, size,
						       DTRACE_PT_CLAUSES, &nc);
		if (c != NULL) {
			c->dtpc_action = 0;
			c->dtpc_naction = n * (uint32_t)k;
		}
	}
	return size;
}

/* The layout grow_distinct() builds past the blob's end. */
struct distinct {
	uint8_t *buf;
	size_t end, cap;
	uint32_t strs; /* the new STRTAB's offset */
};

/* Room for n more bytes at an 8-aligned end (0: none). */
static uint8_t *take(struct distinct *d, size_t n, bool align)
{
	size_t at = align ? (d->end + 7) & ~(size_t)7 : d->end;

	if (at > d->cap || n > d->cap - at)
		return NULL;
	memset(d->buf + d->end, 0, at - d->end);
	d->end = at + n;
	return d->buf + at;
}

/* Appends a string to the new STRTAB: its offset in it, or ~0u. */
static uint32_t addstr(struct distinct *d, const char *s, size_t len)
{
	uint8_t *p = take(d, len + 1, false);

	if (p == NULL)
		return ~0u;
	memcpy(p, s, len);
	p[len] = 0;
	return (uint32_t)(p - d->buf - d->strs);
}

/* A copy of table t's entries and room for k more, pointed at by t. */
static uint8_t *regrow(struct distinct *d, unsigned t, uint32_t k)
{
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)d->buf;
	uint32_t n;
	uint8_t *old = table(d->buf, d->end, t, &n), *p;
	size_t esz = dtrace_prog_entsize(t);

	if (old == NULL && n != 0)
		return NULL;
	p = take(d, ((size_t)n + k) * esz, true);
	if (p == NULL)
		return NULL;
	if (n != 0)
		memmove(p, old, (size_t)n * esz);
	h->dtph_tab[t].dtpt_off = (uint32_t)(p - d->buf);
	h->dtph_tab[t].dtpt_count = n + k;
	return p + (size_t)n * esz;
}

/* k names "<prefix><i>" in the new STRTAB: the first's offset, or ~0u. */
static uint32_t names(struct distinct *d, const char *prefix, uint32_t k)
{
	uint32_t first = (uint32_t)(d->end - d->strs), i;
	char name[32];

	for (i = 0; i < k; i++) {
		int len = snprintf(name, sizeof(name), "%s%u", prefix, i);

		if (addstr(d, name, (size_t)len) == ~0u)
			return ~0u;
	}
	return first;
}

/* The offset of the name after the one at off in the new STRTAB. */
static uint32_t next_name(const struct distinct *d, uint32_t off)
{
	return off + (uint32_t)strlen((const char *)d->buf + d->strs + off) + 1;
}

/* k probe descriptions test::f<i>:fire (1 in 16 test:::fire), a clause each. */
static bool distinct_probes(struct rng *r, struct distinct *d, uint32_t k)
{
	uint32_t prov = addstr(d, "test", 4), none = addstr(d, "", 0);
	uint32_t fire = addstr(d, "fire", 4), func = names(d, "f", k);
	uint32_t nc, np, i;
	struct dtrace_prog_clause *c0, *c;
	struct dtrace_prog_probe *pp;

	table(d->buf, d->end, DTRACE_PT_PROBES, &np);
	if (func == ~0u ||
	    table(d->buf, d->end, DTRACE_PT_CLAUSES, &nc) == NULL)
		return false;
	pp = (struct dtrace_prog_probe *)regrow(d, DTRACE_PT_PROBES, k);
	if (pp == NULL)
		return false;
	c = (struct dtrace_prog_clause *)regrow(d, DTRACE_PT_CLAUSES, k);
	if (c == NULL)
		return false;
	c0 = c - nc; /* the old first clause, copied */
	for (i = 0; i < k; i++, func = next_name(d, func)) {
		pp[i] = (struct dtrace_prog_probe){
			prov, none, func, fire, 0, 0
		};
		if (rng_below(r, 16) == 0)
			pp[i].dtpp_func = none;
		c[i] = *c0;
		c[i].dtpc_probe = np + i;
	}
	return true;
}

/* k printf formats: an argument-less formatted action's text + " <i>". */
static bool distinct_formats(struct distinct *d, uint32_t k)
{
	struct dtrace_prog_action *a, one;
	struct dtrace_prog_clause *c;
	uint32_t na, nc, ns, i, first = (uint32_t)(d->end - d->strs);
	const char *f;
	char tail[16];

	a = (struct dtrace_prog_action *)table(d->buf, d->end,
					       DTRACE_PT_ACTIONS, &na);
	table(d->buf, d->end, DTRACE_PT_STRTAB, &ns);
	for (i = 0; a != NULL && i < na; i++)
		if (a[i].dtpa_format < ns && a[i].dtpa_ntuple == 0)
			break;
	if (a == NULL || i == na)
		return false;
	one = a[i];
	f = (const char *)d->buf + d->strs + one.dtpa_format;
	for (i = 0; i < k; i++) {
		int len = snprintf(tail, sizeof(tail), " %u", i);
		size_t flen = strlen(f);

		if (addstr(d, f, flen) == ~0u)
			return false;
		d->end--; /* the tail replaces the NUL */
		if (addstr(d, tail, (size_t)len) == ~0u)
			return false;
	}
	a = (struct dtrace_prog_action *)regrow(d, DTRACE_PT_ACTIONS, k);
	c = (struct dtrace_prog_clause *)table(d->buf, d->end,
					       DTRACE_PT_CLAUSES, &nc);
	if (a == NULL || c == NULL)
		return false;
	for (i = 0; i < k; i++, first = next_name(d, first)) {
		a[i] = one;
		a[i].dtpa_format = first;
	}
	table(d->buf, d->end, DTRACE_PT_ACTIONS, &na);
	c->dtpc_action = 0; /* the first clause runs them all */
	c->dtpc_naction = na;
	return true;
}

/* k variables v<i>, ids from 0x2000, declared by one DIFO. */
static bool distinct_vars(struct rng *r, struct distinct *d, uint32_t k)
{
	struct dtrace_prog_difo *df;
	struct dtrace_difv *v, one;
	uint32_t nd, nv, ns, i, name;

	df = (struct dtrace_prog_difo *)table(d->buf, d->end, DTRACE_PT_DIFOS,
					      &nd);
	v = (struct dtrace_difv *)table(d->buf, d->end, DTRACE_PT_VARS, &nv);
	table(d->buf, d->end, DTRACE_PT_STRTAB, &ns);
	if (df == NULL || v == NULL)
		return false;
	df += rng_below(r, nd);
	one = v[rng_below(r, nv)];
	if (df->dtpd_strtab > ns || (name = names(d, "v", k)) == ~0u)
		return false;
	v = (struct dtrace_difv *)regrow(d, DTRACE_PT_VARS, k);
	if (v == NULL)
		return false;
	for (i = 0; i < k; i++, name = next_name(d, name)) {
		v[i] = one;
		v[i].dtdv_id = (uint16_t)(0x2000 + i);
		v[i].dtdv_name = name - df->dtpd_strtab;
	}
	df->dtpd_vars = 0;
	df->dtpd_nvars = nv + k;
	df->dtpd_strlen = (uint32_t)(d->end - d->strs) - df->dtpd_strtab;
	return true;
}

/*
 * Appends up to 4,096 entries that differ from each other, so ENABLE's
 * hashes and indexes work at size: probe descriptions, printf formats or
 * variables. The string table is first copied past the blob's end and
 * the new names go after it, so every old offset stays valid.
 */
static size_t grow_distinct(struct rng *r, uint8_t *buf, size_t size,
			    size_t cap)
{
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)buf;
	struct distinct d = { buf, size, cap, 0 };
	struct dtrace_prog_hdr saved = *h;
	uint32_t ns, k = 1u << rng_below(r, 13); /* 1 to 4,096, mostly few */
	uint8_t *strs = table(buf, size, DTRACE_PT_STRTAB, &ns), *p;
	bool ok;

	if (strs == NULL || strs[ns - 1] != 0 ||
	    (p = take(&d, ns, true)) == NULL)
		return size;
	memmove(p, strs, ns);
	d.strs = (uint32_t)(p - buf);
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_off = d.strs;
	switch (rng_below(r, 3)) {
	case 0:
		ok = distinct_probes(r, &d, k);
		break;
	case 1:
		ok = distinct_formats(&d, k);
		break;
	default:
		ok = distinct_vars(r, &d, k);
		break;
	}
	if (!ok) { /* as it was: the old tables are untouched */
		*h = saved;
		return size;
	}
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_count = (uint32_t)(d.end - d.strs);
	h->dtph_size = (uint32_t)d.end;
	return d.end;
}

static void mutate_header(struct rng *r, uint8_t *buf, size_t size)
{
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)buf;
	unsigned t = rng_below(r, DTRACE_PT_NTABLES);

	(void)size;
	switch (rng_below(r, 8)) {
	case 0:
		h->dtph_size = (uint32_t)rng_interesting(r, h->dtph_size);
		break;
	case 1:
		h->dtph_hdrsize = (uint16_t)rng_interesting(r, 120);
		break;
	case 2:
		h->dtph_flags = (uint32_t)rng_interesting(r, 0);
		break;
	case 3:
		h->dtph_nregs = (uint8_t)rng_interesting(r, h->dtph_nregs);
		break;
	case 4:
		h->dtph_ntregs = (uint8_t)rng_interesting(r, h->dtph_ntregs);
		break;
	case 5:
		h->dtph_tab[t].dtpt_off = (uint32_t)rng_interesting(
			r, h->dtph_tab[t].dtpt_off);
		break;
	default:
		h->dtph_tab[t].dtpt_count = (uint32_t)rng_interesting(
			r, h->dtph_tab[t].dtpt_count);
		break;
	}
}

/* STRTAB: lose the final NUL, or make a pattern long or globby. */
static void mutate_strtab(struct rng *r, uint8_t *buf, size_t size)
{
	uint32_t n;
	uint8_t *s = table(buf, size, DTRACE_PT_STRTAB, &n);
	uint32_t at;

	if (s == NULL)
		return;
	at = (uint32_t)rng_below(r, n);
	switch (rng_below(r, 3)) {
	case 0:
		s[n - 1] = 'x';
		break;
	case 1:
		memset(s + at, '*', n - at - (n - at > 1));
		break;
	default:
		s[at] = "*?[]\\!\0a"[rng_below(r, 8)];
		break;
	}
}

size_t mutate_container(struct rng *r, uint8_t *buf, size_t size, size_t cap,
			unsigned n)
{
	if (size < sizeof(struct dtrace_prog_hdr))
		return size;
	for (unsigned i = 0; i < n; i++) {
		switch (rng_below(r, 13)) {
		case 0:
		case 1:
			mutate_header(r, buf, size);
			break;
		case 2:
		case 3:
		case 4:
			mutate_entry(r, buf, size);
			break;
		case 5:
		case 6:
			mutate_option(r, buf, size);
			break;
		case 7:
			size = grow(r, buf, size, cap);
			break;
		case 8:
			mutate_strtab(r, buf, size);
			break;
		case 12:
			size = grow_distinct(r, buf, size, cap);
			break;
		case 9: /* truncated */
			size = sizeof(struct dtrace_prog_hdr) +
			       rng_below(r,
					 size - sizeof(struct dtrace_prog_hdr));
			break;
		default: /* bytes anywhere */
			for (unsigned k = 1 + rng_below(r, 4); k > 0; k--)
				buf[rng_below(r, size)] = (uint8_t)rng_next(r);
			break;
		}
	}
	return size;
}

const char *known_bug(const uint8_t *buf, size_t size)
{
	/*
	 * None at present. (Until 91b9ca9: aggsize >= 32g looped in GO, and
	 * strsize x actions past 2^32 wrapped the record layout.)
	 */
	(void)buf;
	(void)size;
	return NULL;
}

void prog_retarget(uint8_t *buf, size_t size, uint32_t id)
{
	struct dtrace_prog_probe *p;
	uint32_t np, ns;
	uint8_t *strs;

	if (size < sizeof(struct dtrace_prog_hdr))
		return;
	p = (struct dtrace_prog_probe *)table(buf, size, DTRACE_PT_PROBES, &np);
	strs = table(buf, size, DTRACE_PT_STRTAB, &ns);
	if (p == NULL || strs == NULL || strs[ns - 1] != 0)
		return;
	for (uint32_t i = 0; i < np; i++) {
		const char *prov = (const char *)strs + p[i].dtpp_provider;

		if (p[i].dtpp_provider < ns && strcmp(prov, "dtrace") != 0 &&
		    strcmp(prov, "test") != 0)
			p[i].dtpp_id = id;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The format strings of a state (printf, printa, ...), numbered from 1
 * in the order ENABLE meets them. They are found by a hash of their
 * text, so registering n distinct formats costs their lengths, not n^2
 * compares; ENABLE's rollback takes the newest ones off again.
 */
#include "core/enable.h"
#include "core/util.h"

static uint32_t fmt_hash(const char *s)
{
	uint32_t h = 2166136261u;
	size_t n = 0;

	for (; s[n] != '\0'; n++)
		h = (h ^ (uint8_t)s[n]) * 16777619u;
	dtrace_port_tally(DTRACE_STEP_FORMAT, 1);
	return h;
}

/* Links id at the head of its bucket (ids in increasing order). */
static void fmt_insert(struct dtrace_state *st, uint32_t id)
{
	uint32_t b = fmt_hash(st->formats[id - 1]) & (st->fmtbuckets - 1);

	st->fmtnext[id - 1] = st->fmthash[b];
	st->fmthash[b] = id;
}

/* Frees the tables and puts these (cap formats, cap buckets) instead. */
static void fmt_tables_set(struct dtrace_state *st, char **f, uint32_t *next,
			   uint32_t *hash, uint32_t cap)
{
	dtrace_port_free(st->formats);
	dtrace_port_free(st->fmtnext);
	dtrace_port_free(st->fmthash);
	st->formats = f;
	st->fmtnext = next;
	st->fmthash = hash;
	st->fmtcap = st->fmtbuckets = cap;
}

/* Room for one more format: the tables doubled, the hash at load 1. */
static int fmt_grow(struct dtrace_state *st)
{
	uint32_t ncap, i, *nnext, *nhash;
	char **nf;

	if (st->nformats < st->fmtcap)
		return 0;
	if (st->fmtcap >= (1u << 30)) /* limits.h keeps far below */
		return -ENOMEM;
	ncap = st->fmtcap != 0 ? st->fmtcap * 2 : 64;
	nf = dtrace_zalloc_array(ncap, sizeof(*nf));
	nnext = dtrace_zalloc_array(ncap, sizeof(*nnext));
	nhash = dtrace_zalloc_array(ncap, sizeof(*nhash));
	if (nf == NULL || nnext == NULL || nhash == NULL) {
		dtrace_port_free(nf);
		dtrace_port_free(nnext);
		dtrace_port_free(nhash);
		return -ENOMEM;
	}
	if (st->nformats > 0)
		dtrace_memcpy(nf, st->formats, st->nformats * sizeof(*nf));
	fmt_tables_set(st, nf, nnext, nhash, ncap);
	for (i = 1; i <= st->nformats; i++)
		fmt_insert(st, i);
	return 0;
}

uint32_t dtrace_format_id(struct dtrace_state *st, const char *s)
{
	size_t len = dtrace_strlen(s);
	uint32_t id;
	char *copy;

	if (st->fmtbuckets != 0) {
		id = st->fmthash[fmt_hash(s) & (st->fmtbuckets - 1)];
		for (; id != 0; id = st->fmtnext[id - 1]) {
			dtrace_port_tally(DTRACE_STEP_FORMAT, 1);
			if (dtrace_strcmp(st->formats[id - 1], s) == 0)
				return id;
		}
	}
	if (fmt_grow(st) != 0)
		return 0;
	copy = dtrace_port_zalloc(len + 1);
	if (copy == NULL)
		return 0;
	dtrace_memcpy(copy, s, len);
	st->formats[st->nformats++] = copy;
	fmt_insert(st, st->nformats);
	return st->nformats;
}

void dtrace_formats_rollback(struct dtrace_state *st, uint32_t nformats)
{
	while (st->nformats > nformats) {
		uint32_t id = st->nformats;
		uint32_t b = fmt_hash(st->formats[id - 1]) &
			     (st->fmtbuckets - 1);

		st->fmthash[b] = st->fmtnext[id - 1]; /* the newest: a head */
		dtrace_port_free(st->formats[--st->nformats]);
		dtrace_yield_every(st->nformats); /* must finish */
	}
}

void dtrace_formats_free(struct dtrace_state *st)
{
	dtrace_formats_rollback(st, 0);
	fmt_tables_set(st, NULL, NULL, NULL, 0);
}

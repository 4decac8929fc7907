// SPDX-License-Identifier: GPL-2.0
/*
 * Text subroutines that parse their input: cleanpath(), strtok(), json().
 * Inputs are first copied into scratch (bounded by strsize), then worked
 * on in place; every loop is bounded by the copy's length and nothing
 * recurses (json() tracks nesting with a counter).
 */
#include "core/state.h"
#include "core/util.h"
#include "core/subr.h"

/* A scratch copy of the string at s, or NULL after a fault. */
static char *copy(struct dtrace_mstate *ms, uintptr_t s)
{
	char *r = (char *)dtrace_dif_scratch(ms, ms->strsize);

	if (r != NULL)
		dtrace_dif_strcpy(ms, r, s, ms->strsize, false);
	return ms->fault == DTRACEFLT_NONE ? r : NULL;
}

/* Start of the last component of r[0..n). */
static size_t last_start(const char *r, size_t n)
{
	while (n > 0 && r[n - 1] != '/')
		n--;
	return n;
}

/* Appends the component c[0..len) to r[0..*n) after a slash if needed. */
static void push(char *r, size_t *n, const char *c, size_t len)
{
	if (*n > 0 && r[*n - 1] != '/')
		r[(*n)++] = '/';
	dtrace_memcpy(r + *n, c, len);
	*n += len;
}

/* Handles a ".." component. */
static void pop(char *r, size_t *n)
{
	size_t ls = last_start(r, *n);

	if (*n == 1 && r[0] == '/')
		return; /* "/.." is "/" */
	if (*n == 0 || (*n - ls == 2 && r[ls] == '.' && r[ls + 1] == '.')) {
		push(r, n, "..", 2); /* nothing to drop */
		return;
	}
	*n = ls;
	if (*n > 1 && r[*n - 1] == '/')
		(*n)--;
}

/* DTrace keeps a trailing "/" or "/." of the input: appends it to r[0..n). */
static size_t keep_tail(const char *p, size_t len, char *r, size_t n)
{
	if (len > 1 && p[len - 1] == '.' && p[len - 2] == '/') {
		if (r[n - 1] != '/')
			r[n++] = '/';
		r[n++] = '.';
	} else if (len > 0 && p[len - 1] == '/' && r[n - 1] != '/') {
		r[n++] = '/';
	}
	return n;
}

/*
 * cleanpath(): "//" -> "/", "/./" dropped, "dir/../" dropped; as in
 * DTrace, a trailing "/" or "/." of the input stays ("/a/b/" -> "/a/b/",
 * "/a/." -> "/a/.").
 */
uint64_t dtrace_subr_cleanpath(struct dtrace_mstate *ms, uintptr_t s)
{
	char *p = copy(ms, s), *r;
	size_t i = 0, n = 0, len;

	if (p == NULL)
		return 0;
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (r == NULL)
		return 0;
	len = dtrace_strlen(p);
	if (p[0] == '/')
		r[n++] = '/';
	while (i < len) {
		size_t start, clen;

		while (i < len && p[i] == '/')
			i++;
		start = i;
		while (i < len && p[i] != '/')
			i++;
		clen = i - start;
		if (clen == 0 || (clen == 1 && p[start] == '.'))
			continue;
		if (clen == 2 && p[start] == '.' && p[start + 1] == '.')
			pop(r, &n);
		else
			push(r, &n, p + start, clen);
	}
	if (n == 0 && len > 0)
		r[n++] = '.';
	if (n + 2 < ms->strsize) /* always: no longer than the input */
		n = keep_tail(p, len, r, n);
	r[n] = '\0';
	return (uintptr_t)r;
}

/*
 * strtok(s, delim): s == NULL continues where this firing left off. As
 * in DTrace, a token that ends the string leaves the position at its
 * NUL, so the next strtok(NULL) returns NULL; that one forgets the
 * string, and a strtok(NULL) after it, or before any strtok(s), reads
 * address 0: a bad-address fault.
 */
uint64_t dtrace_subr_strtok(struct dtrace_mstate *ms, uintptr_t s,
			    uintptr_t delim)
{
	struct dtrace_strwalk sw = { .user = false };
	uint8_t set[32] = { 0 };
	uintptr_t pos = s != 0 ? s : ms->scpu->strtok;
	char *d, *r;
	uint32_t i, n = 0;
	int c = 0;

	if (pos == 0) {
		dtrace_fault(ms, DTRACEFLT_BADADDR, 0);
		return 0;
	}
	d = copy(ms, delim);
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (d == NULL || r == NULL)
		return 0;
	for (i = 0; d[i] != '\0'; i++)
		set[(uint8_t)d[i] / 8] |= (uint8_t)(1u << ((uint8_t)d[i] % 8));
	for (i = 0; i < ms->strsize; i++, pos++) { /* leading delimiters */
		c = dtrace_dif_sbyte(ms, &sw, pos);
		if (c <= 0 || !(set[c / 8] & (1u << (c % 8))))
			break;
	}
	if (c <= 0) {
		ms->scpu->strtok = 0;
		return 0;
	}
	for (; n + 1 < ms->strsize; n++, pos++) {
		c = dtrace_dif_sbyte(ms, &sw, pos);
		if (c <= 0 || (set[c / 8] & (1u << (c % 8))))
			break;
		r[n] = (char)c;
	}
	if (c < 0)
		return 0;
	ms->scpu->strtok = c == 0 ? pos : pos + 1;
	return (uintptr_t)r;
}

/* JSON scanning over a NUL-terminated scratch copy. */
static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* Past the string starting at the quote p; NULL if unterminated. */
static const char *skip_string(const char *p)
{
	for (p++; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return NULL;
}

/* Past one value (nesting counted, not recursed); NULL if malformed. */
static const char *skip_value(const char *p)
{
	uint32_t depth = 0;

	p = skip_ws(p);
	for (;;) {
		char c = *p;

		if (c == '\0')
			return depth == 0 ? p : NULL;
		if (c == '"') {
			p = skip_string(p);
			if (p == NULL || depth == 0)
				return p;
		} else if (c == '{' || c == '[') {
			depth++;
			p++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return p; /* the enclosing one ends */
			p++;
			if (--depth == 0)
				return p;
		} else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' ||
					  c == '\n' || c == '\r')) {
			return p;
		} else {
			p++;
		}
	}
}

/* Past the value at p and the ',' after it; NULL at the end or on bad input. */
static const char *next_item(const char *p)
{
	p = skip_value(p);
	if (p == NULL)
		return NULL;
	p = skip_ws(p);
	return *p == ',' ? p + 1 : NULL;
}

/* In the object at p, the value of member key[0..klen); NULL if none. */
static const char *member(const char *p, const char *key, size_t klen)
{
	p = skip_ws(p);
	if (*p++ != '{')
		return NULL;
	for (;;) {
		const char *k, *e;

		p = skip_ws(p);
		if (*p != '"')
			return NULL;
		k = p + 1;
		e = skip_string(p);
		if (e == NULL)
			return NULL;
		p = skip_ws(e);
		if (*p++ != ':')
			return NULL;
		if ((size_t)(e - 1 - k) == klen &&
		    dtrace_memcmp(k, key, klen) == 0)
			return skip_ws(p);
		p = next_item(p);
		if (p == NULL)
			return NULL;
	}
}

/* In the array at p, element n; NULL if none. */
static const char *element(const char *p, uint64_t n)
{
	p = skip_ws(p);
	if (*p++ != '[')
		return NULL;
	for (;;) {
		p = skip_ws(p);
		if (*p == ']')
			return NULL;
		if (n-- == 0)
			return p;
		p = next_item(p);
		if (p == NULL)
			return NULL;
	}
}

/* Follows path ("a.b[2].c") from the document at p. */
static const char *follow(const char *p, const char *path)
{
	while (p != NULL && *path != '\0') {
		if (*path == '[') {
			uint64_t n = 0;

			for (path++; *path >= '0' && *path <= '9'; path++)
				n = n * 10 + (uint64_t)(*path - '0');
			if (*path++ != ']')
				return NULL;
			p = element(p, n);
		} else {
			size_t k = 0;

			while (path[k] != '\0' && path[k] != '.' &&
			       path[k] != '[')
				k++;
			p = member(p, path, k);
			path += k;
		}
		if (*path == '.')
			path++;
	}
	return p;
}

uint64_t dtrace_subr_json(struct dtrace_mstate *ms, uintptr_t text,
			  uintptr_t path)
{
	char *doc = copy(ms, text), *key, *r;
	const char *v, *end;

	if (doc == NULL)
		return 0;
	key = copy(ms, path);
	if (key == NULL)
		return 0;
	v = follow(doc, key);
	if (v == NULL || *v == '\0')
		return 0;
	end = skip_value(v);
	if (end == NULL)
		return 0;
	if (*v == '"') { /* strings without their quotes */
		v++;
		end--;
	}
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (r != NULL && end >= v)
		dtrace_memcpy(r, v,
			      DTRACE_MIN((size_t)(end - v),
					 (size_t)ms->strsize - 1));
	return (uintptr_t)r;
}

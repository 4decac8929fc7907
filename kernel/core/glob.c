// SPDX-License-Identifier: GPL-2.0
/*
 * Probe-description globbing: '*' any run, '?' one character, '[set]'
 * and '[!set]' with ranges a-z, '\' escapes the next character. An empty
 * pattern matches everything. Iterative with single-star backtracking,
 * so the cost is bounded by len(pat) * len(s) and there is no recursion.
 */
#include "core/probe.h"

/*
 * Matches c against the set starting after '['. Returns the pattern
 * position after ']' and sets *hit, or NULL for an unterminated set
 * (which then matches nothing).
 */
static const char *glob_set(const char *p, char c, bool *hit)
{
	bool neg = false, first = true;
	unsigned char uc = (unsigned char)c;

	*hit = false;
	if (*p == '!') {
		neg = true;
		p++;
	}
	while (*p != '\0' && (*p != ']' || first)) {
		unsigned char lo, hi;

		first = false;
		if (*p == '\\' && p[1] != '\0')
			p++;
		lo = hi = (unsigned char)*p++;
		if (*p == '-' && p[1] != ']' && p[1] != '\0') {
			p++;
			if (*p == '\\' && p[1] != '\0')
				p++;
			hi = (unsigned char)*p++;
		}
		if (uc >= lo && uc <= hi)
			*hit = true;
	}
	if (*p != ']')
		return NULL;
	if (neg)
		*hit = !*hit;
	return p + 1;
}

/* Matches one pattern element at p against *s; returns the next p or NULL. */
static const char *glob_one(const char *p, const char *s)
{
	bool hit;

	if (*s == '\0')
		return NULL;
	switch (*p) {
	case '?':
		return p + 1;
	case '[':
		p = glob_set(p + 1, *s, &hit);
		return p != NULL && hit ? p : NULL;
	case '\\':
		if (p[1] != '\0')
			p++;
		break;
	default:
		break;
	}
	return *p == *s ? p + 1 : NULL;
}

bool dtrace_glob(const char *pat, const char *s)
{
	const char *star = NULL, *star_s = NULL;

	if (pat == NULL || *pat == '\0')
		return true;
	for (;;) {
		const char *np;

		if (*pat == '*') {
			while (*pat == '*')
				pat++;
			star = pat;
			star_s = s;
			continue;
		}
		if (*pat == '\0' && *s == '\0')
			return true;
		np = *pat != '\0' ? glob_one(pat, s) : NULL;
		if (np != NULL) {
			pat = np;
			s++;
			continue;
		}
		if (star == NULL || *star_s == '\0')
			return false;
		pat = star;
		s = ++star_s;
	}
}

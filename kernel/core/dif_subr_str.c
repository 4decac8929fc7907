// SPDX-License-Identifier: GPL-2.0
/*
 * String subroutines. Strings are at most strsize - 1 characters plus a
 * NUL; inputs are read through the fault-tolerant walker (they may be
 * anywhere), results are built in scratch. Substring search is
 * Knuth-Morris-Pratt, so the work is linear in strsize whatever the
 * inputs: probe context must stay bounded.
 */
#include "core/state.h"
#include "core/util.h"
#include "core/subr.h"

bool dtrace_subr_is_string(uint32_t subr)
{
	switch (subr) {
	case DIF_SUBR_STRLEN:
	case DIF_SUBR_STRJOIN:
	case DIF_SUBR_SUBSTR:
	case DIF_SUBR_LLTOSTR:
	case DIF_SUBR_TOUPPER:
	case DIF_SUBR_TOLOWER:
	case DIF_SUBR_STRCHR:
	case DIF_SUBR_STRRCHR:
	case DIF_SUBR_STRSTR:
	case DIF_SUBR_INDEX:
	case DIF_SUBR_RINDEX:
	case DIF_SUBR_BASENAME:
	case DIF_SUBR_DIRNAME:
	case DIF_SUBR_STRTOLL:
	case DIF_SUBR_CLEANPATH:
	case DIF_SUBR_STRTOK:
	case DIF_SUBR_JSON:
	case DIF_SUBR_INET_NTOP:
	case DIF_SUBR_INET_NTOA:
	case DIF_SUBR_INET_NTOA6:
	case DIF_SUBR_LINK_NTOP:
		return true;
	default:
		return false;
	}
}

static int64_t slen(struct dtrace_mstate *ms, uintptr_t s)
{
	return (int64_t)dtrace_dif_strlen(ms, s, ms->strsize - 1, false);
}

/* A scratch copy of the string at s (strsize bytes), or NULL. */
static char *scopy(struct dtrace_mstate *ms, uintptr_t s)
{
	char *r = (char *)dtrace_dif_scratch(ms, ms->strsize);

	if (r != NULL)
		dtrace_dif_strcpy(ms, r, s, ms->strsize, false);
	return ms->fault == DTRACEFLT_NONE ? r : NULL;
}

static uint64_t strjoin(struct dtrace_mstate *ms, uintptr_t a, uintptr_t b)
{
	char *r = scopy(ms, a);
	size_t n;

	if (r == NULL)
		return 0;
	n = dtrace_strlen(r);
	dtrace_dif_strcpy(ms, r + n, b, ms->strsize - n, false);
	return (uintptr_t)r;
}

static uint64_t substr(struct dtrace_mstate *ms, const uint64_t *a, uint32_t n)
{
	int64_t len = slen(ms, a[0]), idx = (int64_t)a[1];
	int64_t rem = n > 2 ? (int64_t)a[2] : len;
	char *r;

	/*
	 * A length reaching from before the start into the string keeps
	 * what it reaches: substr("abc", -5, 3) is "a". rem > -idx, not
	 * idx + rem > 0: rem is the caller's, any int64.
	 */
	if (idx < 0) {
		idx += len;
		if (idx < 0 && rem > -idx) {
			rem += idx;
			idx = 0;
		}
	}
	if (idx < 0 || idx >= len)
		rem = 0;
	else if (rem < 0)
		rem = DTRACE_MAX(rem + len - idx, (int64_t)0);
	else if (rem > len - idx)
		rem = len - idx;
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (r == NULL || ms->fault != DTRACEFLT_NONE)
		return 0;
	if (rem > 0)
		dtrace_dif_strcpy(ms, r, a[0] + (uint64_t)idx, (size_t)rem + 1,
				  false);
	return (uintptr_t)r;
}

static uint64_t lltostr(struct dtrace_mstate *ms, const uint64_t *a, uint32_t n)
{
	int64_t v = (int64_t)a[0];
	uint64_t base = n > 1 ? a[1] : 10, u;
	char buf[72], *end = &buf[sizeof(buf) - 1], *r;

	if (base < 2 || base > 36) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, base);
		return 0;
	}
	u = base == 10 && v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	*end = '\0';
	for (; u != 0; u /= base)
		*--end = "0123456789abcdefghijklmnopqrstuvwxyz"[u % base];
	if (v == 0 && base == 16)
		*--end = '0';
	if (base == 16)
		*--end = 'x';
	if (v == 0 || base == 8 || base == 16)
		*--end = '0';
	if (v < 0 && base == 10)
		*--end = '-';
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (r != NULL)
		dtrace_strlcpy(r, end, ms->strsize);
	return (uintptr_t)r;
}

static uint64_t changecase(struct dtrace_mstate *ms, uintptr_t s, bool up)
{
	char *r = scopy(ms, s), *p;

	for (p = r; p != NULL && *p != '\0'; p++) {
		if (up && *p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
		else if (!up && *p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	}
	return (uintptr_t)r;
}

static uint64_t strchr_(struct dtrace_mstate *ms, uintptr_t s, char c,
			bool last)
{
	struct dtrace_strwalk sw = { .user = false };
	uint64_t found = 0;
	uint32_t i;

	for (i = 0; i < ms->strsize; i++) {
		int b = dtrace_dif_sbyte(ms, &sw, s + i);

		if (b < 0)
			return 0;
		if ((char)b == c) {
			found = s + i;
			if (!last)
				break;
		}
		if (b == 0)
			break;
	}
	return found;
}

/*
 * Position of the first match at or after start (last == false) or of
 * the last match at or before start (last == true) of the string at
 * pat in the string at s; -1 if none.
 */
static int64_t search(struct dtrace_mstate *ms, uintptr_t s, int64_t len,
		      uintptr_t pat, int64_t start, bool last)
{
	char *p = scopy(ms, pat);
	uint32_t *fail, m, k = 0, i;
	struct dtrace_strwalk sw = { .user = false };
	int64_t best = -1;

	if (p == NULL)
		return -1;
	m = (uint32_t)dtrace_strlen(p);
	if (m == 0)
		return start;
	fail = (uint32_t *)dtrace_dif_scratch(ms, (uint64_t)m * 4);
	if (fail == NULL)
		return -1;
	for (i = 1; i < m; i++) {
		while (k > 0 && p[i] != p[k])
			k = fail[k - 1];
		if (p[i] == p[k])
			k++;
		fail[i] = k;
	}
	k = 0;
	for (i = last ? 0 : (uint32_t)start; i < (uint32_t)len; i++) {
		int c = dtrace_dif_sbyte(ms, &sw, s + i);

		if (c < 0)
			return -1;
		while (k > 0 && (char)c != p[k])
			k = fail[k - 1];
		if ((char)c == p[k])
			k++;
		if (k < m)
			continue;
		if (!last || (int64_t)(i + 1 - m) > start)
			return last ? best : (int64_t)(i + 1 - m);
		best = i + 1 - m;
		k = fail[k - 1];
	}
	return best;
}

/* index(s, sub [, start]) and rindex(s, sub [, start]). */
static uint64_t index_(struct dtrace_mstate *ms, const uint64_t *a, uint32_t n,
		       bool last)
{
	int64_t len = slen(ms, a[0]);
	int64_t start = n > 2 ? (int64_t)a[2] : (last ? len : 0);

	if (ms->fault != DTRACEFLT_NONE)
		return 0;
	/*
	 * A start outside the string is clamped to it, as Perl's index
	 * and rindex do: an empty substring is found at the clamped
	 * start (index("ab", "", 9) is 2, rindex("ab", "", -1) is 0),
	 * any other is not found past the end (index) or before the
	 * beginning (rindex).
	 */
	if (!last && start < 0)
		start = 0;
	if (last && start > len)
		start = len;
	if (!last && start > len)
		return slen(ms, a[1]) == 0 ? (uint64_t)len : (uint64_t)-1;
	if (last && start < 0)
		return slen(ms, a[1]) == 0 ? 0 : (uint64_t)-1;
	return (uint64_t)search(ms, a[0], len, a[1], start, last);
}

static uint64_t strstr_(struct dtrace_mstate *ms, const uint64_t *a)
{
	int64_t len = slen(ms, a[0]), pos;

	if (ms->fault != DTRACEFLT_NONE)
		return 0;
	pos = search(ms, a[0], len, a[1], 0, false);
	return pos < 0 ? 0 : a[0] + (uint64_t)pos;
}

/* basename() and dirname(), POSIX style ("/" and "." for edge cases). */
static uint64_t pathpart(struct dtrace_mstate *ms, uintptr_t s, bool dir)
{
	char *p = scopy(ms, s), *r;
	int64_t end, slash;

	if (p == NULL)
		return 0;
	r = (char *)dtrace_dif_scratch(ms, ms->strsize);
	if (r == NULL)
		return 0;
	end = (int64_t)dtrace_strlen(p);
	if (end == 0) {
		r[0] = '.';
		return (uintptr_t)r;
	}
	while (end > 1 && p[end - 1] == '/')
		end--;
	for (slash = end - 1; slash >= 0 && p[slash] != '/'; slash--)
		;
	if (!dir) {
		if (end == 1 && p[0] == '/')
			slash = -1;
		dtrace_memcpy(r, p + slash + 1, (size_t)(end - slash - 1));
		return (uintptr_t)r;
	}
	if (slash < 0) {
		r[0] = '.';
		return (uintptr_t)r;
	}
	while (slash > 0 && p[slash - 1] == '/')
		slash--;
	if (slash == 0)
		slash = 1;
	dtrace_memcpy(r, p, (size_t)slash);
	return (uintptr_t)r;
}

static int digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

static uint64_t strtoll_(struct dtrace_mstate *ms, const uint64_t *a,
			 uint32_t n)
{
	uint64_t base = n > 1 ? a[1] : 10, v = 0;
	char *p = scopy(ms, a[0]);
	bool neg = false;

	if (p == NULL)
		return 0;
	if (base > 36 || base == 1) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, base);
		return 0;
	}
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X') && digit(p[2]) < 16) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = p[0] == '0' ? 8 : 10;
	}
	for (; digit(*p) < (int)base; p++)
		v = v * base + (uint64_t)digit(*p);
	return neg ? 0 - v : v;
}

uint64_t dtrace_subr_string(struct dtrace_mstate *ms, uint32_t subr,
			    const uint64_t *a, uint32_t n)
{
	switch (subr) {
	case DIF_SUBR_STRLEN:
		return (uint64_t)slen(ms, a[0]);
	case DIF_SUBR_STRJOIN:
		return strjoin(ms, a[0], a[1]);
	case DIF_SUBR_SUBSTR:
		return substr(ms, a, n);
	case DIF_SUBR_LLTOSTR:
		return lltostr(ms, a, n);
	case DIF_SUBR_TOUPPER:
		return changecase(ms, a[0], true);
	case DIF_SUBR_TOLOWER:
		return changecase(ms, a[0], false);
	case DIF_SUBR_STRCHR:
		return strchr_(ms, a[0], (char)a[1], false);
	case DIF_SUBR_STRRCHR:
		return strchr_(ms, a[0], (char)a[1], true);
	case DIF_SUBR_STRSTR:
		return strstr_(ms, a);
	case DIF_SUBR_INDEX:
		return index_(ms, a, n, false);
	case DIF_SUBR_RINDEX:
		return index_(ms, a, n, true);
	case DIF_SUBR_BASENAME:
		return pathpart(ms, a[0], false);
	case DIF_SUBR_DIRNAME:
		return pathpart(ms, a[0], true);
	case DIF_SUBR_CLEANPATH:
		return dtrace_subr_cleanpath(ms, a[0]);
	case DIF_SUBR_STRTOK:
		return dtrace_subr_strtok(ms, a[0], a[1]);
	case DIF_SUBR_JSON:
		return dtrace_subr_json(ms, a[0], a[1]);
	case DIF_SUBR_STRTOLL:
		return strtoll_(ms, a, n);
	default:
		return dtrace_subr_net(ms, subr, a);
	}
}

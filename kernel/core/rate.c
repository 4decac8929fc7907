// SPDX-License-Identifier: GPL-2.0
/* Profile rates (rate.h). */
#include "core/rate.h"
#include "core/util.h"

#define NS_PER_SEC 1000000000ull

static const struct {
	const char *suffix;
	uint64_t mult; /* ns per unit; 0 = hz */
} units[] = {
	{ "ns", 1 },
	{ "nsec", 1 },
	{ "us", 1000 },
	{ "usec", 1000 },
	{ "ms", 1000000 },
	{ "msec", 1000000 },
	{ "s", NS_PER_SEC },
	{ "sec", NS_PER_SEC },
	{ "m", 60 * NS_PER_SEC },
	{ "min", 60 * NS_PER_SEC },
	{ "h", 3600 * NS_PER_SEC },
	{ "hour", 3600 * NS_PER_SEC },
	{ "d", 86400 * NS_PER_SEC },
	{ "day", 86400 * NS_PER_SEC },
	{ "hz", 0 },
	{ "", 0 },
};

uint64_t dtrace_rate_ns(const char *s, uint64_t max_ns)
{
	uint64_t n = 0;
	size_t i;

	if (*s < '0' || *s > '9')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > (~0ull - 9) / 10)
			return 0;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	if (n == 0)
		return 0;
	for (i = 0; i < DTRACE_ARRAY_SIZE(units); i++) {
		if (dtrace_strcmp(s, units[i].suffix) != 0)
			continue;
		/* 300000000ns is fine, 300000000d would overflow. */
		if (units[i].mult != 0 && n > max_ns / units[i].mult)
			return 0;
		n = units[i].mult != 0 ? n * units[i].mult : NS_PER_SEC / n;
		return n >= DTRACE_RATE_MIN_NS && n <= max_ns ? n : 0;
	}
	return 0;
}

/* The rest of s after prefix, or NULL. */
static const char *after(const char *s, const char *prefix)
{
	while (*prefix != '\0')
		if (*s++ != *prefix++)
			return NULL;
	return s;
}

uint64_t dtrace_rate_probe_ns(const char *name, uint64_t max_ns, bool *tick)
{
	const char *rate = after(name, "tick-");

	*tick = rate != NULL;
	if (rate == NULL)
		rate = after(name, "profile-");
	return rate != NULL ? dtrace_rate_ns(rate, max_ns) : 0;
}

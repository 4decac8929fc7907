// SPDX-License-Identifier: GPL-2.0
/*
 * bpf/profile_prov.h. A probe's cookie is its interval in ns, shifted
 * left once, with bit 0 set for tick-N (ecbs.c reads it back).
 */
#include <string.h>

#include "bpf/profile_prov.h"
#include "core/probe.h"

#define NS_PER_SEC 1000000000ULL
#define MIN_NS	   (200 * 1000ULL)
#define MAX_NS	   (1ULL << 62)

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

uint64_t dtbpf_profile_parse(const char *s)
{
	uint64_t n = 0;
	size_t i;

	if (*s < '0' || *s > '9')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > (UINT64_MAX - 9) / 10)
			return 0;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	if (n == 0)
		return 0;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(s, units[i].suffix) != 0)
			continue;
		if (units[i].mult != 0 && n > MAX_NS / units[i].mult)
			return 0;
		n = units[i].mult != 0 ? n * units[i].mult : NS_PER_SEC / n;
		return n >= MIN_NS && n <= MAX_NS ? n : 0;
	}
	return 0;
}

static void create(struct dtrace_core *core, const char *name)
{
	int tick = strncmp(name, "tick-", 5) == 0;
	uint64_t ns;

	if (!tick && strncmp(name, "profile-", 8) != 0)
		return;
	ns = dtbpf_profile_parse(name + (tick ? 5 : 8));
	if (ns == 0)
		return;
	/* -EEXIST when it is there already: nothing to do. */
	dtrace_probe_create(core, dtrace_provider_lookup(core, "profile"), "",
			    "", name,
			    (void *)(uintptr_t)(ns << 1 | (uint64_t)tick));
}

static void provide(void *parg, const struct dtrace_pattern *pat)
{
	if (pat->id != 0 || pat->name == NULL || pat->name[0] == '\0' ||
	    strpbrk(pat->name, "*?[\\") != NULL)
		return;
	if (!dtrace_glob(pat->mod, "") || !dtrace_glob(pat->func, ""))
		return;
	create(parg, pat->name);
}

static const struct dtrace_provider_ops ops = {
	.provide = provide,
};

int dtbpf_profile_init(struct dtrace_core *core)
{
	static const char *const listed[] = {
		"profile-97", "profile-199", "profile-499", "profile-997",
		"tick-1",     "tick-10",     "tick-100",    "tick-1000",
	};
	size_t i;
	struct dtrace_provider *prov;
	int err = dtrace_provider_register(core, "profile", &ops, core, &prov);

	if (err != 0)
		return err;
	for (i = 0; i < sizeof(listed) / sizeof(listed[0]); i++)
		create(core, listed[i]);
	return 0;
}

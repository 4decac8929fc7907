// SPDX-License-Identifier: GPL-2.0
/*
 * bpf/profile_prov.h. A probe's cookie is its interval in ns, shifted
 * left once, with bit 0 set for tick-N (ecbs.c reads it back).
 */
#include <string.h>

#include "bpf/profile_prov.h"
#include "core/probe.h"
#include "core/rate.h"

#define MAX_NS (1ULL << 62)

static void create(struct dtrace_core *core, const char *name)
{
	bool tick;
	uint64_t ns = dtrace_rate_probe_ns(name, MAX_NS, &tick);

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
	/* the module's (kernel/prov/profile.c) */
	static const char *const listed[] = {
		"profile-97",	"profile-199",	"profile-499",	"profile-997",
		"profile-1999", "profile-4001", "profile-4999", "tick-1",
		"tick-10",	"tick-100",	"tick-500",	"tick-1000",
		"tick-5000",
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

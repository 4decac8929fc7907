/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rates of the profile provider's probe names (profile-997,
 * tick-10ms), one table of units for the module's provider and the bpf
 * backend's.
 */
#ifndef _DTRACE_CORE_RATE_H
#define _DTRACE_CORE_RATE_H

#include "core/port.h"

/* The shortest interval a profile or tick probe may have. */
#define DTRACE_RATE_MIN_NS (200 * 1000ull)

/*
 * "997", "997hz", "10ms", "300000000ns" (units ns, us, ms, s, m, h, d and
 * their long names, or hz; none is hz) -> the interval in ns; 0 when
 * malformed, shorter than DTRACE_RATE_MIN_NS or longer than max_ns.
 */
uint64_t dtrace_rate_ns(const char *s, uint64_t max_ns);

/*
 * A profile probe's name, "profile-RATE" (every CPU) or "tick-RATE" (one,
 * *tick set), -> its interval as dtrace_rate_ns(); 0 for another name.
 */
uint64_t dtrace_rate_probe_ns(const char *name, uint64_t max_ns, bool *tick);

#endif /* _DTRACE_CORE_RATE_H */

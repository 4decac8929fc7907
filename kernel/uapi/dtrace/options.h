/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef _DTRACE_UAPI_OPTIONS_H
#define _DTRACE_UAPI_OPTIONS_H

#include "limits.h"

#define DTRACEOPT_BUFPOLICY_SWITCH 0
#define DTRACEOPT_BUFPOLICY_FILL   1
#define DTRACEOPT_BUFPOLICY_RING   2

/* Run-time option ids; options.def has names, defaults and ranges. */
enum dtrace_option {
#define DTRACEOPT(NAME, id, name, kind, def, min, max, later) \
	DTRACEOPT_##NAME = id,
#include "options.def"
#undef DTRACEOPT
	DTRACEOPT_MAX
};

#endif /* _DTRACE_UAPI_OPTIONS_H */

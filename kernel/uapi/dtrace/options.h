/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef _DTRACE_UAPI_OPTIONS_H
#define _DTRACE_UAPI_OPTIONS_H

/* Run-time option ids; the list with defaults is options.def. */
enum dtrace_option {
#define DTRACEOPT(name, id, def) DTRACEOPT_##name = id,
#include "options.def"
#undef DTRACEOPT
	DTRACEOPT_MAX
};

#define DTRACEOPT_BUFPOLICY_SWITCH	0
#define DTRACEOPT_BUFPOLICY_FILL	1
#define DTRACEOPT_BUFPOLICY_RING	2

#endif /* _DTRACE_UAPI_OPTIONS_H */

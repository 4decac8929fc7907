/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef _DTRACE_UAPI_ACTIONS_H
#define _DTRACE_UAPI_ACTIONS_H

/* Action kinds; the list is actions.def. */
enum dtrace_actkind {
#define DTRACEACT(name, code, dname) DTRACEACT_##name = code,
#include "actions.def"
#undef DTRACEACT
};

#define DTRACEACT_ISAGG(k)	   ((k) >= 0x701 && (k) <= 0x70e)
#define DTRACEACT_ISDESTRUCTIVE(k) (((k)&0xf00) == 0x400)
#define DTRACEACT_ISSPECULATIVE(k) (((k)&0xf00) == 0x100)

#endif /* _DTRACE_UAPI_ACTIONS_H */

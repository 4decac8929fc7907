/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef _DTRACE_UAPI_FAULTS_H
#define _DTRACE_UAPI_FAULTS_H

/* Fault codes; the list, with messages, is faults.def. */
enum dtrace_fault {
#define DTRACEFLT(code, name, msg) DTRACEFLT_##name = code,
#include "faults.def"
#undef DTRACEFLT
};

#endif /* _DTRACE_UAPI_FAULTS_H */

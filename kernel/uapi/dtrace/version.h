/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Version numbers. DTRACE_ABI_VERSION changes whenever any structure or
 * numbering in kernel/uapi/ changes incompatibly; the consumer refuses to
 * talk to a module with another ABI version (DTRACEIOC_CONF reports it).
 */
#ifndef _DTRACE_UAPI_VERSION_H
#define _DTRACE_UAPI_VERSION_H

#define DTRACE_ABI_VERSION	3
#define DTRACE_DIF_VERSION	1 /* DIF instruction set revision */
#define DTRACE_VERSION_STRING	"0.1.0"
#define DTRACE_D_VERSION_STRING "Linux D 1.0" /* printed by dtrace -V */

#endif /* _DTRACE_UAPI_VERSION_H */

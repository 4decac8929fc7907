/* SPDX-License-Identifier: GPL-2.0 */
/* The dtrace provider: dtrace:::BEGIN, END and ERROR. */
#ifndef _DTRACE_PROV_DTRACE_H
#define _DTRACE_PROV_DTRACE_H

#include "core/core.h"

/* Registers the provider; call first, so the probes get ids 1, 2, 3. */
int dtrace_prov_dtrace_init(struct dtrace_core *core);
void dtrace_prov_dtrace_fini(struct dtrace_core *core);

#endif /* _DTRACE_PROV_DTRACE_H */

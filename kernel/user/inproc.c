// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace in process (inproc.h): the module's handlers
 * (core/ioctl.c) over the userspace build of kernel/core, with this
 * process's memory as the "user" memory (port_user.c's checked copies).
 * What stays here is what dev.c does for the module: the core and its
 * providers, a state per "open file". The deadman does not run.
 */
#include <errno.h>
#include <stdlib.h>

#include "core/ioctl.h"
#include "core/state.h"
#include "prov/dtrace.h"
#include "dtrace/ioctl.h"
#include "user/inproc.h"
#include "user/port_user.h"

struct dtrace_inproc {
	struct dtrace_core *core;
};

struct dtrace_inproc_file {
	struct dtrace_inproc *m;
	struct dtrace_state *st;
};

struct dtrace_inproc *dtrace_inproc_create(uint32_t ncpus)
{
	struct dtrace_inproc *m = calloc(1, sizeof(*m));

	if (m == NULL)
		return NULL;
	dtrace_user_set_ncpus(ncpus);
	dtrace_user_set_cpu(0);
	m->core = dtrace_core_create();
	if (m->core == NULL || dtrace_prov_dtrace_init(m->core) != 0) {
		if (m->core != NULL)
			dtrace_core_destroy(m->core);
		free(m);
		return NULL;
	}
	return m;
}

void dtrace_inproc_destroy(struct dtrace_inproc *m)
{
	dtrace_prov_dtrace_fini(m->core);
	dtrace_core_destroy(m->core);
	free(m);
}

struct dtrace_core *dtrace_inproc_core(struct dtrace_inproc *m)
{
	return m->core;
}

struct dtrace_inproc_file *dtrace_inproc_open(struct dtrace_inproc *m)
{
	struct dtrace_inproc_file *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return NULL;
	f->m = m;
	f->st = dtrace_state_create(m->core);
	if (f->st == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

void dtrace_inproc_close(struct dtrace_inproc_file *f)
{
	dtrace_state_destroy(f->st);
	free(f);
}

struct dtrace_state *dtrace_inproc_state(struct dtrace_inproc_file *f)
{
	return f->st;
}

/*
 * dtrace -e: ENABLE's own handler, dry, on a core made for the call
 * (its ncpus decide the buffer checks).
 */
int dtrace_inproc_enable_dry(uint32_t ncpus, struct dtrace_enable *en)
{
	struct dtrace_inproc *m;
	struct dtrace_inproc_file *f;
	int err;

	m = dtrace_inproc_create(ncpus);
	if (m == NULL)
		return -ENOMEM;
	f = dtrace_inproc_open(m);
	if (f == NULL) {
		dtrace_inproc_destroy(m);
		return -ENOMEM;
	}
	err = (int)dtrace_ioctl_enable_dry(f->st, (uintptr_t)en);
	dtrace_inproc_close(f);
	dtrace_inproc_destroy(m);
	return err;
}

int dtrace_inproc_ioctl(struct dtrace_inproc_file *f, unsigned long req,
			void *arg)
{
	/* No uprobes in process: as the module without them. */
	if (req == DTRACEHIOC_ADDPROG || req == DTRACEHIOC_REMOVE)
		return -EOPNOTSUPP;
	if (req > UINT32_MAX)
		return -ENOTTY;
	return (int)dtrace_ioctl(f->m->core, &f->st, (unsigned int)req,
				 (uintptr_t)arg);
}

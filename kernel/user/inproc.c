// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace in process (inproc.h): the ioctl layer of kernel/linux/
 * dev.c over the userspace build of kernel/core. Copies are memcpy, the
 * capacity and error conventions are the module's (doc/ioctl.md); the
 * deadman does not run. Keep it in step with dev.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/state.h"
#include "prov/dtrace.h"
#include "dtrace/ioctl.h"
#include "dtrace/version.h"
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

static int conf(struct dtrace_inproc_file *f, struct dtrace_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->dtc_abi_version = DTRACE_ABI_VERSION;
	c->dtc_difversion = DTRACE_DIF_VERSION;
	c->dtc_difintregs = DIF_DIR_NREGS;
	c->dtc_diftupregs = DIF_DTR_NREGS;
	c->dtc_ncpus = f->m->core->ncpus;
	c->dtc_maxcpu = f->m->core->ncpus;
	c->dtc_maxprog = DTRACE_PROG_MAXSIZE;
	return 0;
}

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static int probematch(struct dtrace_inproc_file *f, struct dtrace_probematch *m)
{
	struct dtrace_probedesc *d = &m->dtpm_pattern;
	struct dtrace_pattern pat = { d->dtpd_provider, d->dtpd_mod,
				      d->dtpd_func, d->dtpd_name, d->dtpd_id };
	struct dtrace_probe *p;

	if (!terminated(d->dtpd_provider, sizeof(d->dtpd_provider)) ||
	    !terminated(d->dtpd_mod, sizeof(d->dtpd_mod)) ||
	    !terminated(d->dtpd_func, sizeof(d->dtpd_func)) ||
	    !terminated(d->dtpd_name, sizeof(d->dtpd_name)))
		return -EINVAL;
	if (m->dtpm_start == 0)
		dtrace_probe_provide(f->m->core, &pat);
	p = dtrace_probe_match_next(f->m->core, &pat, m->dtpm_start);
	if (p == NULL)
		return -ENOENT;
	memset(&m->dtpm_probe, 0, sizeof(m->dtpm_probe));
	m->dtpm_probe.dtpd_id = p->id;
	strcpy(m->dtpm_probe.dtpd_provider, p->prov->name);
	strcpy(m->dtpm_probe.dtpd_mod, p->mod);
	strcpy(m->dtpm_probe.dtpd_func, p->func);
	strcpy(m->dtpm_probe.dtpd_name, p->name);
	return 0;
}

static int probearg(struct dtrace_inproc_file *f, struct dtrace_argdesc *a)
{
	struct dtrace_core_argdesc cd;
	int err = dtrace_probe_argdesc(f->m->core, a->dtargd_id, a->dtargd_ndx,
				       &cd);

	if (err != 0)
		return err;
	a->dtargd_mapping = cd.mapping;
	memcpy(a->dtargd_native, cd.native, sizeof(a->dtargd_native));
	memcpy(a->dtargd_xlate, cd.xlate, sizeof(a->dtargd_xlate));
	return 0;
}

static void enable_out(struct dtrace_enable *en,
		       const struct dtrace_enable_res *res)
{
	en->dten_nprobes = res->nprobes;
	en->dten_clause = res->clause;
	en->dten_difo = res->difo;
	en->dten_pc = res->pc;
	en->dten_dvr = res->dvr;
	memcpy(en->dten_msg, res->msg, sizeof(en->dten_msg));
}

static int enable(struct dtrace_inproc_file *f, struct dtrace_enable *en)
{
	struct dtrace_enable_res res;
	void *blob;
	int err;

	if (en->dten_size > DTRACE_PROG_MAXSIZE)
		return -E2BIG;
	if (en->dten_prog == 0 && en->dten_size > 0)
		return -EFAULT;
	blob = dtrace_port_zalloc(en->dten_size);
	if (blob == NULL)
		return -ENOMEM;
	if (en->dten_size > 0)
		memcpy(blob, (const void *)(uintptr_t)en->dten_prog,
		       en->dten_size);
	err = dtrace_state_enable(f->st, blob, en->dten_size, &res);
	enable_out(en, &res);
	return err;
}

int dtrace_inproc_enable_dry(uint32_t ncpus, struct dtrace_enable *en)
{
	struct dtrace_inproc *m;
	struct dtrace_inproc_file *f;
	struct dtrace_enable_res res;
	int err;

	if (en->dten_size > DTRACE_PROG_MAXSIZE)
		return -E2BIG;
	m = dtrace_inproc_create(ncpus);
	if (m == NULL)
		return -ENOMEM;
	f = dtrace_inproc_open(m);
	if (f == NULL) {
		dtrace_inproc_destroy(m);
		return -ENOMEM;
	}
	err = dtrace_state_enable_dry(f->st,
				      (const void *)(uintptr_t)en->dten_prog,
				      en->dten_size, &res);
	enable_out(en, &res);
	dtrace_inproc_close(f);
	dtrace_inproc_destroy(m);
	return err;
}

/* EPDESC/AGGDESC: the caller's structure has room for its capacity. */
static int epdesc(struct dtrace_inproc_file *f, struct dtrace_epdesc *ep)
{
	return dtrace_state_epdesc(f->st, ep, ep->dtepd_nrecs);
}

static int aggdesc(struct dtrace_inproc_file *f, struct dtrace_aggdesc *ag)
{
	return dtrace_state_aggdesc(f->st, ag, ag->dtagd_nrecs);
}

static int format(struct dtrace_inproc_file *f, struct dtrace_fmtdesc *fd)
{
	const char *s = dtrace_state_format(f->st, fd->dtfd_id);
	size_t len;

	if (s == NULL)
		return -EINVAL;
	len = strlen(s) + 1;
	if (fd->dtfd_length < len) {
		fd->dtfd_length = (uint32_t)len;
		return -ENOSPC;
	}
	memcpy((void *)(uintptr_t)fd->dtfd_string, s, len);
	fd->dtfd_length = (uint32_t)len;
	return 0;
}

static int snap(struct dtrace_inproc_file *f, struct dtrace_bufdesc *d,
		bool agg)
{
	const void *data = NULL;
	uint64_t cap = d->dtbd_size;
	int err = agg ? dtrace_state_aggsnap(f->st, d->dtbd_cpu, cap, d,
					     &data) :
			dtrace_state_bufsnap(f->st, d->dtbd_cpu, cap, d, &data);

	if (err == 0 && d->dtbd_size > 0)
		memcpy((void *)(uintptr_t)d->dtbd_data, data, d->dtbd_size);
	return err;
}

int dtrace_inproc_ioctl(struct dtrace_inproc_file *f, unsigned long req,
			void *arg)
{
	struct dtrace_go *go = arg;

	switch (req) {
	case DTRACEIOC_CONF:
		return conf(f, arg);
	case DTRACEIOC_PROBEMATCH:
		return probematch(f, arg);
	case DTRACEIOC_PROBEARG:
		return probearg(f, arg);
	case DTRACEIOC_ENABLE:
		return enable(f, arg);
	case DTRACEIOC_EPDESC:
		return epdesc(f, arg);
	case DTRACEIOC_AGGDESC:
		return aggdesc(f, arg);
	case DTRACEIOC_FORMAT:
		return format(f, arg);
	case DTRACEIOC_GO:
		memset(go, 0, sizeof(*go));
		return dtrace_state_go(f->st, &go->dtgo_cpu);
	case DTRACEIOC_STOP:
		memset(go, 0, sizeof(*go));
		return dtrace_state_stop(f->st, &go->dtgo_cpu);
	case DTRACEIOC_BUFSNAP:
		return snap(f, arg, false);
	case DTRACEIOC_AGGSNAP:
		return snap(f, arg, true);
	case DTRACEIOC_STATUS:
		dtrace_state_status(f->st, arg);
		return 0;
	case DTRACEHIOC_ADDPROG:
	case DTRACEHIOC_REMOVE:
		return -EOPNOTSUPP;
	default:
		return -ENOTTY;
	}
}

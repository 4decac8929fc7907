// SPDX-License-Identifier: GPL-2.0
/* bpf/ecbs.h over kernel/core's state: copies, nothing kept. */
#include <errno.h>
#include <string.h>

#include "bpf/ecbs.h"
#include "core/core.h"
#include "core/dynvar.h"
#include "core/probe.h"
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"
#include "user/inproc.h"

_Static_assert(sizeof(((struct dtbpf_ecb *)0)->provider) ==
			       DTRACE_CORE_PROVNAMELEN &&
		       sizeof(((struct dtbpf_ecb *)0)->mod) ==
			       DTRACE_CORE_MODNAMELEN &&
		       sizeof(((struct dtbpf_ecb *)0)->func) ==
			       DTRACE_CORE_FUNCNAMELEN &&
		       sizeof(((struct dtbpf_ecb *)0)->name) ==
			       DTRACE_CORE_NAMELEN,
	       "dtbpf_ecb's names are the core's sizes");

static void difo_out(const struct dtrace_difo *d, struct dtbpf_difo *out)
{
	memset(out, 0, sizeof(*out));
	if (d == NULL)
		return;
	out->code = d->code;
	out->ints = d->ints;
	out->strtab = d->strtab;
	out->vars = d->vars;
	out->ncode = d->ncode;
	out->nints = d->nints;
	out->strlen = d->strlen;
	out->nvars = d->nvars;
	out->rtype = d->rtype;
}

static const struct dtrace_ecb *ecb_of(struct dtrace_inproc_file *f,
				       uint32_t epid)
{
	struct dtrace_state *st = dtrace_inproc_state(f);

	if (epid == 0 || epid > st->necbs)
		return NULL;
	return st->ecbs[epid - 1];
}

uint32_t dtbpf_necbs(struct dtrace_inproc_file *f)
{
	return dtrace_inproc_state(f)->necbs;
}

int dtbpf_get_ecb(struct dtrace_inproc_file *f, uint32_t epid,
		  struct dtbpf_ecb *out)
{
	const struct dtrace_ecb *e = ecb_of(f, epid);

	if (e == NULL)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->epid = e->epid;
	out->probe_id = e->probe->id;
	out->size = e->size;
	out->nacts = e->nacts;
	out->noheader = e->noheader;
	out->cookie = (uint64_t)(uintptr_t)e->probe->arg;
	difo_out(e->pred, &out->pred);
	/* The same sizes as the core's, which are NUL-terminated. */
	memcpy(out->provider, e->probe->prov->name, sizeof(out->provider));
	memcpy(out->mod, e->probe->mod, sizeof(out->mod));
	memcpy(out->func, e->probe->func, sizeof(out->func));
	memcpy(out->name, e->probe->name, sizeof(out->name));
	return 0;
}

int dtbpf_get_enabling_difo(struct dtrace_inproc_file *f, uint32_t i,
			    struct dtbpf_difo *out)
{
	const struct dtrace_enabling *en = dtrace_inproc_state(f)->enablings;

	for (; en != NULL; en = en->next) {
		if (i < en->ndifos) {
			difo_out(&en->difos[i], out);
			return 0;
		}
		i -= en->ndifos;
	}
	return -ENOENT;
}

int dtbpf_match_new(struct dtrace_inproc_file *f, const uint32_t *ids,
		    uint32_t n)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	int err;

	dtrace_port_lock();
	err = dtrace_core_match_new(st->core, ids, n);
	dtrace_port_unlock();
	return err;
}

uint64_t dtbpf_late_refused(struct dtrace_inproc_file *f)
{
	return dtrace_inproc_state(f)->late_refused;
}

static uint8_t rec_of(const struct dtrace_action *a)
{
	switch (a->rk) {
	case DTRACE_RK_NONE:
		return DTBPF_REC_NONE;
	case DTRACE_RK_VALUE:
		if (a->vk == DTRACE_VK_STRING)
			return DTBPF_REC_STRING;
		if (a->vk == DTRACE_VK_REF)
			return DTBPF_REC_REF;
		if (a->vk == DTRACE_VK_UREF)
			return DTBPF_REC_UREF;
		if (a->vk != DTRACE_VK_VALUE)
			return DTBPF_REC_OTHER;
		return a->size == 0 ? DTBPF_REC_EFFECT : DTBPF_REC_VALUE;
	case DTRACE_RK_EXIT:
		return DTBPF_REC_EXIT;
	case DTRACE_RK_U64:
		return DTBPF_REC_U64;
	case DTRACE_RK_AGG:
		return DTBPF_REC_AGG;
	case DTRACE_RK_STACK:
		return DTBPF_REC_STACK;
	case DTRACE_RK_USTACK:
		return DTBPF_REC_USTACK;
	case DTRACE_RK_PIDADDR:
		return DTBPF_REC_PIDADDR;
	case DTRACE_RK_CHILL:
		return DTBPF_REC_CHILL;
	case DTRACE_RK_SPECULATE:
		return DTBPF_REC_SPECULATE;
	case DTRACE_RK_TRACEMEM:
		return DTBPF_REC_TRACEMEM;
	case DTRACE_RK_RAISE:
		return DTBPF_REC_RAISE;
	case DTRACE_RK_STOP:
		return DTBPF_REC_STOP;
	default:
		return DTBPF_REC_OTHER;
	}
}

static void action_out(const struct dtrace_action *a, struct dtbpf_action *out)
{
	memset(out, 0, sizeof(*out));
	difo_out(a->difo, &out->difo);
	out->kind = a->kind;
	out->rec = rec_of(a);
	out->size = a->size;
	out->offset = a->offset;
	out->aggid = a->aggid;
	out->arg = a->arg;
}

int dtbpf_get_action(struct dtrace_inproc_file *f, uint32_t epid, uint32_t i,
		     struct dtbpf_action *out)
{
	const struct dtrace_ecb *e = ecb_of(f, epid);

	if (e == NULL || i >= e->nacts)
		return -ENOENT;
	action_out(&e->acts[i], out);
	return 0;
}

static const struct dtrace_aggregation *agg_of(struct dtrace_inproc_file *f,
					       uint32_t aggid)
{
	struct dtrace_state *st = dtrace_inproc_state(f);

	if (aggid == 0 || aggid > st->naggs)
		return NULL;
	return st->aggs[aggid - 1];
}

int dtbpf_get_agg(struct dtrace_inproc_file *f, uint32_t aggid,
		  struct dtbpf_agg *out)
{
	const struct dtrace_aggregation *agg = agg_of(f, aggid);

	if (agg == NULL)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	difo_out(agg->value, &out->value);
	difo_out(agg->incr, &out->incr);
	out->arg = agg->arg;
	out->id = agg->id;
	out->nkeys = agg->nkeys;
	out->keylen = agg->keylen;
	out->valsize = agg->valsize;
	out->kind = agg->kind;
	return 0;
}

int dtbpf_get_aggkey(struct dtrace_inproc_file *f, uint32_t aggid, uint32_t i,
		     struct dtbpf_action *out)
{
	const struct dtrace_aggregation *agg = agg_of(f, aggid);

	if (agg == NULL || i >= agg->nkeys)
		return -ENOENT;
	action_out(&agg->keys[i], out);
	return 0;
}

uint32_t dtbpf_dynvar_entries(struct dtrace_inproc_file *f)
{
	struct dtrace_state *st = dtrace_inproc_state(f);
	uint32_t n = 0;

	if (st->dyn != NULL)
		return st->dyn->nchunks;
	/* the module's store, sized as at GO, then freed: GO makes it again */
	if (dtrace_dyn_alloc(st) == 0)
		n = st->dyn->nchunks;
	dtrace_dyn_free(st);
	return n;
}

uint64_t dtbpf_strsize(struct dtrace_inproc_file *f)
{
	return dtrace_inproc_state(f)->opts[DTRACEOPT_STRSIZE];
}

uint32_t dtbpf_nspec(struct dtrace_inproc_file *f)
{
	return (uint32_t)DTRACE_MIN(
		dtrace_inproc_state(f)->opts[DTRACEOPT_NSPEC],
		(uint64_t)UINT32_MAX);
}

uint64_t dtbpf_specsize(struct dtrace_inproc_file *f)
{
	return DTRACE_MIN(dtrace_inproc_state(f)->opts[DTRACEOPT_SPECSIZE],
			  (uint64_t)DTRACE_MAX_SPECSIZE) &
	       ~(uint64_t)7;
}

uint64_t dtbpf_scratchsize(struct dtrace_inproc_file *f)
{
	return dtrace_inproc_state(f)->opts[DTRACEOPT_SCRATCHSIZE];
}

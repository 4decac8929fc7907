// SPDX-License-Identifier: GPL-2.0
/*
 * The provider and probe registry. Probes get ids from 1, the lowest
 * free id first; the id space is a two-level table so that probe context
 * can look an id up without locks while new probes are being added.
 * Probes live until their provider unregisters (or, one by one, until
 * dtrace_probes_remove()); a removed id is free again once the firings
 * that might hold its probe are over (dtrace_port_sync()). Providers and
 * probes are found by name through hashes: registering n providers or
 * probes costs O(n), which an unprivileged process can ask for (USDT).
 */
#include "core/state.h"
#include "core/util.h"

static uint32_t fnv_str(uint32_t h, const char *s)
{
	for (; *s != '\0'; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return (h ^ ':') * 16777619u;
}

static uint32_t name_hash(const struct dtrace_provider *prov, const char *mod,
			  const char *func, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t)(uintptr_t)prov;

	h = fnv_str(fnv_str(fnv_str(h, mod), func), name);
	return h % DTRACE_PROBE_HASH;
}

/* The bucket of probes of prov named func:name, in any module. */
static struct dtrace_probe **func_bucket(struct dtrace_core *core,
					 const struct dtrace_provider *prov,
					 const char *func, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t)(uintptr_t)prov;

	return &core->fhash[fnv_str(fnv_str(h, func), name) %
			    DTRACE_PROBE_FHASH];
}

struct dtrace_probe *dtrace_probe_func_chain(struct dtrace_core *core,
					     const struct dtrace_provider *prov,
					     const char *func, const char *name)
{
	return *func_bucket(core, prov, func, name);
}

static struct dtrace_probe *probe_find(struct dtrace_core *core,
				       struct dtrace_provider *prov,
				       const char *mod, const char *func,
				       const char *name)
{
	struct dtrace_probe *p;

	for (p = core->phash[name_hash(prov, mod, func, name)]; p != NULL;
	     p = p->hnext)
		if (p->prov == prov && dtrace_strcmp(p->mod, mod) == 0 &&
		    dtrace_strcmp(p->func, func) == 0 &&
		    dtrace_strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

static void hash_remove(struct dtrace_core *core, struct dtrace_probe *p)
{
	struct dtrace_probe **pp;

	pp = &core->phash[name_hash(p->prov, p->mod, p->func, p->name)];
	for (; *pp != NULL; pp = &(*pp)->hnext) {
		if (*pp == p) {
			*pp = p->hnext;
			break;
		}
	}
	pp = func_bucket(core, p->prov, p->func, p->name);
	for (; *pp != NULL; pp = &(*pp)->fnext) {
		if (*pp == p) {
			*pp = p->fnext;
			break;
		}
	}
}

static struct dtrace_provider **prov_bucket(struct dtrace_core *core,
					    const char *name)
{
	return &core->provhash[fnv_str(2166136261u, name) %
			       DTRACE_PROVIDER_HASH];
}

struct dtrace_provider *dtrace_provider_lookup(struct dtrace_core *core,
					       const char *name)
{
	struct dtrace_provider *p;

	for (p = *prov_bucket(core, name); p != NULL; p = p->hnext)
		if (dtrace_strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

int dtrace_provider_register(struct dtrace_core *core, const char *name,
			     const struct dtrace_provider_ops *ops, void *arg,
			     struct dtrace_provider **out)
{
	struct dtrace_provider *p, **bucket;

	if (name[0] == '\0' || dtrace_strnlen(name, DTRACE_CORE_PROVNAMELEN) >=
				       DTRACE_CORE_PROVNAMELEN)
		return -EINVAL;
	if (dtrace_provider_lookup(core, name) != NULL)
		return -EEXIST;
	p = dtrace_port_zalloc(sizeof(*p));
	if (p == NULL)
		return -ENOMEM;
	dtrace_strlcpy(p->name, name, sizeof(p->name));
	p->ops = ops;
	p->arg = arg;
	bucket = prov_bucket(core, name);
	p->hnext = *bucket;
	*bucket = p;
	if (core->provtail == NULL)
		core->provtail = &core->providers;
	p->pprev = core->provtail; /* at the end: providers in order */
	*core->provtail = p;
	core->provtail = &p->next;
	*out = p;
	return 0;
}

static void prov_unlink(struct dtrace_core *core, struct dtrace_provider *prov)
{
	struct dtrace_provider **pp;

	for (pp = prov_bucket(core, prov->name); *pp != NULL;
	     pp = &(*pp)->hnext) {
		if (*pp == prov) {
			*pp = prov->hnext;
			break;
		}
	}
	*prov->pprev = prov->next;
	if (prov->next != NULL)
		prov->next->pprev = prov->pprev;
	else
		core->provtail = prov->pprev;
}

struct dtrace_probe *dtrace_probe_lookup(struct dtrace_core *core, uint32_t id)
{
	return dtrace_probe_at(core, id);
}

/* A slot was emptied: its id is free (the caller syncs before reuse). */
static void id_free(struct dtrace_core *core, uint32_t id)
{
	core->chunk_live[(id - 1) / DTRACE_PROBE_CHUNK]--;
	core->nfree++;
	while (core->nprobes > 0 &&
	       dtrace_probe_lookup(core, core->nprobes) == NULL) {
		core->nprobes--; /* free ids at the top go */
		core->nfree--;
	}
}

/* The lowest free id, or 0 when all DTRACE_PROBE_MAX are in use. */
static uint32_t id_alloc(struct dtrace_core *core)
{
	uint32_t c, i, id;

	if (core->nfree == 0)
		return core->nprobes < DTRACE_PROBE_MAX ? core->nprobes + 1 : 0;
	for (c = 0; c * DTRACE_PROBE_CHUNK < core->nprobes; c++) {
		if (core->chunk_live[c] == DTRACE_PROBE_CHUNK)
			continue;
		for (i = 0; i < DTRACE_PROBE_CHUNK; i++) {
			id = c * DTRACE_PROBE_CHUNK + i + 1;
			if (id > core->nprobes)
				break;
			if (core->chunks[c][i] == NULL)
				return id;
		}
	}
	return 0; /* not reached: nfree counts the NULL slots */
}

int dtrace_provider_unregister(struct dtrace_core *core,
			       struct dtrace_provider *prov)
{
	struct dtrace_probe *dead = NULL;
	uint32_t id;

	if (prov->nprobes == 0) /* user providers: no scan */
		goto unlink;
	for (id = 1; id <= core->nprobes; id++) {
		struct dtrace_probe *p = dtrace_probe_lookup(core, id);

		if (p != NULL && p->prov == prov &&
		    (p->ecbs != NULL || p->nrefs != 0))
			return -EBUSY;
	}
	for (id = 1; id <= core->nprobes; id++) {
		struct dtrace_probe **slot = dtrace_probe_slot(core, id);

		if (slot != NULL && *slot != NULL && (*slot)->prov == prov) {
			hash_remove(core, *slot);
			(*slot)->gc = dead;
			dead = *slot;
			DTRACE_WRITE_ONCE(*slot, NULL);
			id_free(core, id);
		}
	}
	if (dead != NULL)
		dtrace_port_sync();
	while (dead != NULL) {
		struct dtrace_probe *next = dead->gc;

		dtrace_port_free(dead);
		dead = next;
	}
unlink:
	prov_unlink(core, prov);
	dtrace_port_free(prov);
	return 0;
}

/*
 * Marks which of the n probes some state names: candidates get mark gen,
 * those an ECB refers to (linked or not: nrefs) gen + 1. Only the n
 * probes are touched, never the states' ECBs: a process removing its
 * own probes pays for those alone, whatever others trace.
 */
static uint32_t mark_referenced(struct dtrace_core *core, const uint32_t *ids,
				uint32_t n)
{
	uint32_t i, gen;

	core->markgen += 2;
	gen = core->markgen;
	for (i = 0; i < n; i++) {
		struct dtrace_probe *p = dtrace_probe_lookup(core, ids[i]);

		if (p != NULL)
			p->mark = p->ecbs != NULL || p->nrefs != 0 ? gen + 1 :
								     gen;
	}
	return gen;
}

uint32_t dtrace_probes_remove(struct dtrace_core *core, uint32_t *ids,
			      uint32_t n)
{
	struct dtrace_probe *dead = NULL;
	uint32_t i, left = 0, gen = mark_referenced(core, ids, n);
	bool wait = false;

	for (i = 0; i < n; i++) {
		struct dtrace_probe **slot = dtrace_probe_slot(core, ids[i]);
		struct dtrace_probe *p = slot != NULL ? *slot : NULL;

		if (p != NULL && p->mark == gen + 1) {
			left++;
			continue;
		}
		if (p == NULL) {
			ids[i] = 0;
			continue;
		}
		hash_remove(core, p);
		DTRACE_WRITE_ONCE(*slot, NULL);
		id_free(core, ids[i]);
		ids[i] = 0;
		p->prov->nprobes--;
		p->gc = dead;
		dead = p;
		wait |= p->enabled_once;
	}
	/*
	 * A probe never enabled never fired: a process removing probes
	 * nobody traced waits for nothing, and holds the lock that long.
	 */
	if (wait)
		dtrace_port_sync(); /* no firing still holds one */
	while (dead != NULL) {
		struct dtrace_probe *next = dead->gc;

		dtrace_port_free(dead);
		dead = next;
	}
	return left;
}

static bool probe_name_ok(const char *s, size_t max)
{
	return s != NULL && dtrace_strnlen(s, max) < max;
}

int dtrace_probe_create(struct dtrace_core *core, struct dtrace_provider *prov,
			const char *mod, const char *func, const char *name,
			void *arg)
{
	struct dtrace_probe *p;
	uint32_t id, c;

	if (!probe_name_ok(mod, DTRACE_CORE_MODNAMELEN) ||
	    !probe_name_ok(func, DTRACE_CORE_FUNCNAMELEN) ||
	    !probe_name_ok(name, DTRACE_CORE_NAMELEN) || name[0] == '\0')
		return -EINVAL;
	if (probe_find(core, prov, mod, func, name) != NULL)
		return -EEXIST;
	id = id_alloc(core);
	if (id == 0)
		return -ENOSPC;
	c = (id - 1) / DTRACE_PROBE_CHUNK;
	if (core->chunks[c] == NULL) {
		struct dtrace_probe **chunk;

		chunk = dtrace_zalloc_array(DTRACE_PROBE_CHUNK, sizeof(*chunk));
		if (chunk == NULL)
			return -ENOMEM;
		DTRACE_PUBLISH(core->chunks[c], chunk);
	}
	p = dtrace_port_zalloc(sizeof(*p));
	if (p == NULL)
		return -ENOMEM;
	p->id = id;
	p->prov = prov;
	p->arg = arg;
	dtrace_strlcpy(p->mod, mod, sizeof(p->mod));
	dtrace_strlcpy(p->func, func, sizeof(p->func));
	dtrace_strlcpy(p->name, name, sizeof(p->name));
	p->hnext = core->phash[name_hash(prov, mod, func, name)];
	core->phash[name_hash(prov, mod, func, name)] = p;
	p->fnext = *func_bucket(core, prov, func, name);
	*func_bucket(core, prov, func, name) = p;
	DTRACE_PUBLISH(core->chunks[c][(id - 1) % DTRACE_PROBE_CHUNK], p);
	core->chunk_live[c]++;
	if (id > core->nprobes)
		core->nprobes = id;
	else
		core->nfree--;
	prov->nprobes++;
	return (int)id;
}

bool dtrace_probe_matches(const struct dtrace_probe *p,
			  const struct dtrace_pattern *pat)
{
	if (pat->id != 0)
		return p->id == pat->id;
	return dtrace_glob(pat->prov, p->prov->name) &&
	       dtrace_glob(pat->mod, p->mod) &&
	       dtrace_glob(pat->func, p->func) &&
	       dtrace_glob(pat->name, p->name);
}

struct dtrace_probe *dtrace_probe_match_next(struct dtrace_core *core,
					     const struct dtrace_pattern *pat,
					     uint32_t start)
{
	uint32_t id;

	for (id = start > 0 ? start : 1; id <= core->nprobes; id++) {
		struct dtrace_probe *p = dtrace_probe_lookup(core, id);

		/* up to 2^20 ids: a killed caller needs no answer */
		if ((id & (DTRACE_YIELD_UNITS - 1)) == 0 && dtrace_port_yield())
			return NULL;
		if (p != NULL && dtrace_probe_matches(p, pat))
			return p;
	}
	return NULL;
}

void dtrace_probe_provide(struct dtrace_core *core,
			  const struct dtrace_pattern *pat)
{
	struct dtrace_provider *prov;

	for (prov = core->providers; prov != NULL; prov = prov->next) {
		if (prov->ops->provide == NULL)
			continue;
		if (pat->id == 0 && !dtrace_glob(pat->prov, prov->name))
			continue;
		prov->ops->provide(prov->arg, pat);
	}
}

int dtrace_probe_argdesc(struct dtrace_core *core, uint32_t id, uint32_t ndx,
			 struct dtrace_core_argdesc *out)
{
	struct dtrace_probe *p = dtrace_probe_lookup(core, id);

	if (p == NULL)
		return -ENOENT;
	if (p->prov->ops->getargdesc == NULL)
		return -EINVAL;
	dtrace_memset(out, 0, sizeof(*out));
	if (p->prov->ops->getargdesc(p->prov->arg, id, p->arg, ndx, out) != 0)
		return -EINVAL;
	out->native[sizeof(out->native) - 1] = '\0';
	out->xlate[sizeof(out->xlate) - 1] = '\0';
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The provider and probe registry. Probes get ids from 1 in creation
 * order; the id space is a two-level table so that probe context can
 * look an id up without locks while new probes are being added.
 * Probes live until their provider unregisters (or, one by one, until
 * dtrace_probe_remove()); a removed id is never handed out again.
 */
#include "core/state.h"
#include "core/util.h"

static uint32_t name_hash(const struct dtrace_provider *prov, const char *mod,
			  const char *func, const char *name)
{
	const char *parts[3] = { mod, func, name };
	uint32_t h = 2166136261u ^ (uint32_t)(uintptr_t)prov;
	int i;

	for (i = 0; i < 3; i++) {
		const char *c;

		for (c = parts[i]; *c != '\0'; c++)
			h = (h ^ (uint8_t)*c) * 16777619u;
		h = (h ^ ':') * 16777619u;
	}
	return h % DTRACE_PROBE_HASH;
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
			return;
		}
	}
}

int dtrace_provider_register(struct dtrace_core *core, const char *name,
			     const struct dtrace_provider_ops *ops, void *arg,
			     struct dtrace_provider **out)
{
	struct dtrace_provider *p, **pp;

	if (name[0] == '\0' ||
	    dtrace_strnlen(name, DTRACE_CORE_PROVNAMELEN) >=
	    DTRACE_CORE_PROVNAMELEN)
		return -EINVAL;
	for (p = core->providers; p != NULL; p = p->next)
		if (dtrace_strcmp(p->name, name) == 0)
			return -EEXIST;
	p = dtrace_port_zalloc(sizeof(*p));
	if (p == NULL)
		return -ENOMEM;
	dtrace_strlcpy(p->name, name, sizeof(p->name));
	p->ops = ops;
	p->arg = arg;
	for (pp = &core->providers; *pp != NULL; pp = &(*pp)->next)
		;
	*pp = p;
	*out = p;
	return 0;
}

static struct dtrace_probe **probe_slot(struct dtrace_core *core, uint32_t id)
{
	struct dtrace_probe **chunk;

	if (id == 0 || id > DTRACE_PROBE_MAX)
		return NULL;
	id--;
	chunk = DTRACE_READ_ONCE(core->chunks[id / DTRACE_PROBE_CHUNK]);
	return chunk != NULL ? &chunk[id % DTRACE_PROBE_CHUNK] : NULL;
}

struct dtrace_probe *dtrace_probe_lookup(struct dtrace_core *core, uint32_t id)
{
	struct dtrace_probe **slot = probe_slot(core, id);

	return slot != NULL ? DTRACE_READ_ONCE(*slot) : NULL;
}

int dtrace_provider_unregister(struct dtrace_core *core,
			       struct dtrace_provider *prov)
{
	struct dtrace_provider **pp;
	struct dtrace_probe *dead = NULL;
	uint32_t id;

	for (id = 1; id <= core->nprobes; id++) {
		struct dtrace_probe *p = dtrace_probe_lookup(core, id);

		if (p != NULL && p->prov == prov && p->ecbs != NULL)
			return -EBUSY;
	}
	for (id = 1; id <= core->nprobes; id++) {
		struct dtrace_probe **slot = probe_slot(core, id);

		if (slot != NULL && *slot != NULL && (*slot)->prov == prov) {
			hash_remove(core, *slot);
			(*slot)->gc = dead;
			dead = *slot;
			DTRACE_WRITE_ONCE(*slot, NULL);
		}
	}
	if (dead != NULL)
		dtrace_port_sync();
	while (dead != NULL) {
		struct dtrace_probe *next = dead->gc;

		dtrace_port_free(dead);
		dead = next;
	}
	for (pp = &core->providers; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == prov) {
			*pp = prov->next;
			break;
		}
	}
	dtrace_port_free(prov);
	return 0;
}

static bool probe_referenced(struct dtrace_core *core,
			     const struct dtrace_probe *p)
{
	const struct dtrace_state *st;
	uint32_t i;

	if (p->ecbs != NULL)
		return true;
	for (st = core->states; st != NULL; st = st->next)
		for (i = 0; i < st->necbs; i++)
			if (st->ecbs[i]->probe == p)
				return true;
	return false;
}

uint32_t dtrace_probes_remove(struct dtrace_core *core, uint32_t *ids,
			      uint32_t n)
{
	struct dtrace_probe *dead = NULL;
	uint32_t i, left = 0;

	for (i = 0; i < n; i++) {
		struct dtrace_probe **slot = probe_slot(core, ids[i]);
		struct dtrace_probe *p = slot != NULL ? *slot : NULL;

		if (p != NULL && probe_referenced(core, p)) {
			left++;
			continue;
		}
		ids[i] = 0;
		if (p == NULL)
			continue;
		hash_remove(core, p);
		DTRACE_WRITE_ONCE(*slot, NULL);
		p->prov->nprobes--;
		p->gc = dead;
		dead = p;
	}
	if (dead != NULL)
		dtrace_port_sync();	/* no firing still holds one */
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
	uint32_t id = core->nprobes + 1, c;

	if (!probe_name_ok(mod, DTRACE_CORE_MODNAMELEN) ||
	    !probe_name_ok(func, DTRACE_CORE_FUNCNAMELEN) ||
	    !probe_name_ok(name, DTRACE_CORE_NAMELEN) || name[0] == '\0')
		return -EINVAL;
	if (id > DTRACE_PROBE_MAX)
		return -ENOSPC;
	if (probe_find(core, prov, mod, func, name) != NULL)
		return -EEXIST;
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
	DTRACE_PUBLISH(core->chunks[c][(id - 1) % DTRACE_PROBE_CHUNK], p);
	core->nprobes = id;
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

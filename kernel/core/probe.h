/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Providers and probes. A provider registers probes (provider, module,
 * function, name) and fires them with dtrace_core_probe(); the registry
 * gives ids from 1, the lowest free one first: an id is handed out again
 * once its probe is removed (after the firings that might hold it), so
 * processes that register and remove USDT probes cannot use up the id
 * space. All
 * functions here except dtrace_probe_lookup() must be called with the
 * caller's global lock held (the Linux glue's dtrace_lock); lookup is
 * safe in probe context.
 */
#ifndef _DTRACE_CORE_PROBE_H
#define _DTRACE_CORE_PROBE_H

#include "core/port.h"

/* Name limits, equal to the ioctl.h DTRACE_*LEN (the glue checks). */
#define DTRACE_CORE_PROVNAMELEN 64
#define DTRACE_CORE_MODNAMELEN	64
#define DTRACE_CORE_FUNCNAMELEN 192
#define DTRACE_CORE_NAMELEN	64
#define DTRACE_CORE_MAXARGS	12

/* The probe registry is two-level so that lookup never sees a realloc. */
#define DTRACE_PROBE_CHUNK   1024
#define DTRACE_PROBE_NCHUNKS 1024
#define DTRACE_PROBE_MAX     (DTRACE_PROBE_CHUNK * DTRACE_PROBE_NCHUNKS)
#define DTRACE_PROBE_HASH    4096  /* buckets of the name hash */
#define DTRACE_PROBE_FHASH   65536 /* of provider:function:name (ENABLE) */
#define DTRACE_PROVIDER_HASH 1024  /* buckets of the provider names */

struct dtrace_core;
struct dtrace_ecb;
struct dtrace_pattern;

/* What PROBEARG reports. */
struct dtrace_core_argdesc {
	uint32_t mapping;
	char native[128];
	char xlate[128];
};

struct dtrace_provider_ops {
	/* Create the probes matching the pattern (lazy providers); may be NULL. */
	void (*provide)(void *parg, const struct dtrace_pattern *pat);
	/* First ECB added to / last removed from a probe; may be NULL. */
	int (*enable)(void *parg, uint32_t id, void *prarg);
	void (*disable)(void *parg, uint32_t id, void *prarg);
	/* Argument ndx's types; non-zero when there is no such argument. */
	int (*getargdesc)(void *parg, uint32_t id, void *prarg, uint32_t ndx,
			  struct dtrace_core_argdesc *out);
	/* [probe] args[6..11] when the firing passed only a0..a5; may be NULL. */
	uint64_t (*getarg)(void *parg, uint32_t id, void *prarg, uint32_t ndx);
	/*
	 * After a batch of enable/disable calls (an enabling's attach, a
	 * state's detach), so that a provider can apply them together;
	 * non-zero fails the attach, which disables the batch and commits
	 * again. May be NULL.
	 */
	int (*commit)(void *parg);
};

/* A probe description pattern: glob fields ("" or NULL = any), or an id. */
struct dtrace_pattern {
	const char *prov;
	const char *mod;
	const char *func;
	const char *name;
	uint32_t id; /* non-zero: exactly this probe */
};

struct dtrace_provider {
	struct dtrace_provider *next; /* registration order */
	struct dtrace_provider **pprev;
	struct dtrace_provider *hnext; /* name hash chain */
	char name[DTRACE_CORE_PROVNAMELEN];
	const struct dtrace_provider_ops *ops;
	void *arg;
	uint32_t nprobes;
};

struct dtrace_probe {
	uint32_t id;
	struct dtrace_provider *prov;
	void *arg;		     /* provider's cookie */
	struct dtrace_ecb *ecbs;     /* fired in order; see fire.c */
	struct dtrace_ecb **ecbtail; /* &the last's next, if ecbs != NULL */
	uint32_t necbs;
	uint64_t cost;		 /* attached ECBs' costs, all states (cost.c) */
	uint32_t nrefs;		 /* ECBs naming it, on it or not */
	uint32_t enabled_once;	 /* has had an ECB: may be firing */
	struct dtrace_probe *gc; /* unregister's free list */
	struct dtrace_probe *hnext; /* name hash chain */
	struct dtrace_probe *fnext; /* provider:function:name chain */
	uint32_t mark;		    /* dtrace_probes_remove()'s */
	char mod[DTRACE_CORE_MODNAMELEN];
	char func[DTRACE_CORE_FUNCNAMELEN];
	char name[DTRACE_CORE_NAMELEN];
};

int dtrace_provider_register(struct dtrace_core *core, const char *name,
			     const struct dtrace_provider_ops *ops, void *arg,
			     struct dtrace_provider **out);
/* Fails with -EBUSY while an ECB (enabled or not) names one of its probes. */
int dtrace_provider_unregister(struct dtrace_core *core,
			       struct dtrace_provider *prov);

/* The provider of that name, or NULL. */
struct dtrace_provider *dtrace_provider_lookup(struct dtrace_core *core,
					       const char *name);

/*
 * Returns the new id (> 0) or -errno; -EEXIST if the names are taken,
 * -ENOSPC when all DTRACE_PROBE_MAX ids are in use.
 */
int dtrace_probe_create(struct dtrace_core *core, struct dtrace_provider *prov,
			const char *mod, const char *func, const char *name,
			void *arg);
struct dtrace_probe *dtrace_probe_lookup(struct dtrace_core *core, uint32_t id);
/*
 * Removes probes of a provider that outlives some of its probes (user
 * probes of an exited process), waiting for firings once for the batch.
 * A probe that any state's ECB refers to, even a detached one (its EPID
 * description still names it), stays: retry after that state is closed.
 * Removed (or unknown) ids are set to 0; returns how many remain.
 */
uint32_t dtrace_probes_remove(struct dtrace_core *core, uint32_t *ids,
			      uint32_t n);

/*
 * The hash chain (through fnext) holding every probe of prov named
 * func:name, whatever its module, among others: the caller compares.
 */
struct dtrace_probe *dtrace_probe_func_chain(struct dtrace_core *core,
					     const struct dtrace_provider *prov,
					     const char *func,
					     const char *name);
/* The first probe with id >= start matching pat, or NULL. */
struct dtrace_probe *dtrace_probe_match_next(struct dtrace_core *core,
					     const struct dtrace_pattern *pat,
					     uint32_t start);
/* Asks every lazy provider to provide probes matching pat. */
void dtrace_probe_provide(struct dtrace_core *core,
			  const struct dtrace_pattern *pat);
bool dtrace_probe_matches(const struct dtrace_probe *p,
			  const struct dtrace_pattern *pat);
int dtrace_probe_argdesc(struct dtrace_core *core, uint32_t id, uint32_t ndx,
			 struct dtrace_core_argdesc *out);

/* Glob matching: *, ?, [set], [!set], \ escape; "" matches anything. */
bool dtrace_glob(const char *pat, const char *s);

#endif /* _DTRACE_CORE_PROBE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Expands a stable provider's table, which the provider file names as
 * STABLE_TABLE ("dtrace/providers/<name>.def") before including this:
 * an enum of its probes, STABLE_P_<ID> in table order (STABLE_NPROBES of
 * them); stable_descs[], each probe's name and arguments (PROBEARG's
 * answers); and STABLE_PROV(defs), the struct stable_prov that fires
 * them by the file's defs[], indexed by the same ids. Once per file.
 * STABLE_PROVIDER(name, defs) adds what a provider with no state of its
 * own needs besides: its struct and the init/fini mod.c calls.
 * STABLE_TP_PROVIDER(name, rows) is all of it for a provider whose
 * probes all fire from tracepoints.
 */
#ifndef STABLE_TABLE
#error "prov/stable_table.h: define STABLE_TABLE first"
#endif

#include "prov/stable.h"

#define DT_ATTR(names, data, class)
#define DT_ARG(native, xlate, map)	{ native, xlate, map }

#define DT_PROVIDER(name, ...)
#define DT_PROBE(id, name, ...)		STABLE_P_##id,
enum {
#include STABLE_TABLE
	STABLE_NPROBES
};
#undef DT_PROVIDER
#undef DT_PROBE

#define DT_PROVIDER(name, ...)
#define DT_PROBE(id, name, ...)	\
	[STABLE_P_##id] = { name, { __VA_ARGS__ } },
static const struct stable_desc stable_descs[] = {
#include STABLE_TABLE
};
#undef DT_PROVIDER
#undef DT_PROBE

#define DT_PROVIDER(name, ...)	\
	static const char stable_name[] = #name;
#define DT_PROBE(id, name, ...)
#include STABLE_TABLE
#undef DT_PROVIDER
#undef DT_PROBE

#undef DT_ATTR
#undef DT_ARG

/* The provider's defs[] have a row for each probe of the table. */
#define STABLE_PROV(table) {						\
	.name = stable_name, .descs = stable_descs, .defs = table,	\
	.ndefs = ARRAY_SIZE(table) +					\
		 BUILD_BUG_ON_ZERO(ARRAY_SIZE(table) != STABLE_NPROBES), \
}

/* name_prov and dtrace_prov_<name>_init/_fini over the stable core. */
#define STABLE_PROVIDER(name, table)					\
	static struct stable_prov name##_prov = STABLE_PROV(table);	\
	int dtrace_prov_##name##_init(struct dtrace_core *core)		\
	{								\
		return dtrace_stable_init(core, &name##_prov);		\
	}								\
	void dtrace_prov_##name##_fini(struct dtrace_core *core)	\
	{								\
		dtrace_stable_fini(core, &name##_prov);			\
	}

/*
 * A provider whose probes all fire from tracepoints: rows(X) lists
 * X(id, tracepoint, handler) once a probe of its table, which becomes
 * the probe's def (sel: its id) and the proof that the handler has the
 * tracepoint's probe type (kCFI, doc/limits.md §5).
 */
#define STABLE_TP_TYPED(id, tp, fn) DTRACE_TP_TYPED_AS(id, tp, fn)
#define STABLE_TP_DEF(id, tp, fn) \
	[STABLE_P_##id] = { #tp, fn, .sel = STABLE_P_##id },
#define STABLE_TP_PROVIDER(name, rows)					\
	rows(STABLE_TP_TYPED)						\
	static const struct stable_def name##_defs[] = {		\
		rows(STABLE_TP_DEF)					\
	};								\
	STABLE_PROVIDER(name, name##_defs)

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Expands a stable provider's table, which the provider file names as
 * STABLE_TABLE ("dtrace/providers/<name>.def") before including this:
 * an enum of its probes, STABLE_P_<ID> in table order (STABLE_NPROBES of
 * them); stable_descs[], each probe's name and arguments (PROBEARG's
 * answers); and STABLE_PROV(defs), the struct stable_prov that fires
 * them by the file's defs[], indexed by the same ids. Once per file.
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

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny program-container assembler for tests (header-only, C and C++):
 * append probes, DIFOs, actions, clauses and options, then pb_blob()
 * lays the tables out as kernel/uapi/dtrace/prog.h says. Used by the
 * kcore GoogleTests and by ioctl_smoke.c against the real module.
 */
#ifndef DTRACE_TEST_PROGBUILD_H
#define DTRACE_TEST_PROGBUILD_H

#include <stdlib.h>
#include <string.h>

#include "dtrace/dif.h"
#include "dtrace/prog.h"
#include "dtrace/actions.h"
#include "dtrace/options.h"
#include "dtrace/version.h"

struct pb {
	char *str;
	struct dtrace_prog_probe *probes;
	struct dtrace_prog_difo *difos;
	dif_instr_t *code;
	uint64_t *ints;
	struct dtrace_difv *vars;
	struct dtrace_prog_action *acts;
	struct dtrace_prog_clause *clauses;
	struct dtrace_prog_option *opts;
	uint32_t nstr, nprobes, ndifos, ncode, nints, nvars, nacts, nclauses,
		nopts;
};

/* The elements an array of count elements has room for: a power of two. */
static inline size_t pb_room(size_t count)
{
	size_t room = 16;

	while (room < count + 1)
		room *= 2;
	return room;
}

/*
 * Appends n elements of size esz to *arr (count *cnt); returns the index.
 * The room doubles, so 10^6 appends copy 2 x 10^6 elements, not 10^12/2
 * (ASan's realloc always moves).
 */
static inline uint32_t pb_append(void *arrp, uint32_t *cnt, const void *src,
				 uint32_t n, size_t esz)
{
	void **arr = (void **)arrp;
	uint32_t at = *cnt;

	if (*arr == NULL || pb_room(at + n) > pb_room(at))
		*arr = realloc(*arr, pb_room(at + n) * esz);
	if (n > 0 && src != NULL)
		memcpy((char *)*arr + at * esz, src, n * esz);
	else if (n > 0)
		memset((char *)*arr + at * esz, 0, n * esz);
	*cnt += n;
	return at;
}

static inline uint32_t pb_str(struct pb *b, const char *s)
{
	return pb_append(&b->str, &b->nstr, s, (uint32_t)strlen(s) + 1, 1);
}

static inline uint32_t pb_probe(struct pb *b, const char *prov, const char *mod,
				const char *func, const char *name)
{
	struct dtrace_prog_probe p;

	memset(&p, 0, sizeof(p));
	p.dtpp_provider = pb_str(b, prov);
	p.dtpp_mod = pb_str(b, mod);
	p.dtpp_func = pb_str(b, func);
	p.dtpp_name = pb_str(b, name);
	return pb_append(&b->probes, &b->nprobes, &p, 1, sizeof(p));
}

static inline struct dtrace_diftype pb_type(uint8_t kind, uint8_t flags,
					    uint32_t size)
{
	struct dtrace_diftype t;

	memset(&t, 0, sizeof(t));
	t.dtdt_kind = kind;
	t.dtdt_flags = flags;
	t.dtdt_size = size;
	return t;
}
#define PB_INT(sz) pb_type(DIF_TYPE_CTF, 0, (sz))
#define PB_STRING  pb_type(DIF_TYPE_STRING, DIF_TF_BYREF, 0)

/* A variable table entry (name: a strtab offset). */
static inline struct dtrace_difv pb_var(uint16_t id, uint8_t scope,
					uint8_t kind,
					struct dtrace_diftype type,
					uint32_t flags, uint32_t name)
{
	struct dtrace_difv v;

	memset(&v, 0, sizeof(v));
	v.dtdv_name = name;
	v.dtdv_id = id;
	v.dtdv_kind = kind;
	v.dtdv_scope = scope;
	v.dtdv_flags = flags;
	v.dtdv_type = type;
	return v;
}

/*
 * A DIFO: its string table is strtab[0..strlen) (NUL-separated strings,
 * copied into the container's STRTAB as one region).
 */
static inline uint32_t pb_difo(struct pb *b, const dif_instr_t *code,
			       uint32_t ncode, const uint64_t *ints,
			       uint32_t nints, const char *strtab,
			       uint32_t strlen_, const struct dtrace_difv *vars,
			       uint32_t nvars, struct dtrace_diftype rtype)
{
	struct dtrace_prog_difo d;

	memset(&d, 0, sizeof(d));
	d.dtpd_code = pb_append(&b->code, &b->ncode, code, ncode,
				sizeof(*code));
	d.dtpd_ncode = ncode;
	d.dtpd_ints = pb_append(&b->ints, &b->nints, ints, nints,
				sizeof(*ints));
	d.dtpd_nints = nints;
	d.dtpd_vars = pb_append(&b->vars, &b->nvars, vars, nvars,
				sizeof(*vars));
	d.dtpd_nvars = nvars;
	d.dtpd_strtab = pb_append(&b->str, &b->nstr, strtab, strlen_, 1);
	d.dtpd_strlen = strlen_;
	d.dtpd_rtype = rtype;
	return pb_append(&b->difos, &b->ndifos, &d, 1, sizeof(d));
}

/* A DIFO of code only. */
static inline uint32_t pb_code(struct pb *b, const dif_instr_t *code,
			       uint32_t ncode, struct dtrace_diftype rtype)
{
	return pb_difo(b, code, ncode, NULL, 0, NULL, 0, NULL, 0, rtype);
}

static inline uint32_t pb_action(struct pb *b, uint16_t kind, uint32_t difo,
				 uint32_t ntuple, const char *format,
				 uint64_t arg, uint64_t uarg)
{
	struct dtrace_prog_action a;

	memset(&a, 0, sizeof(a));
	a.dtpa_kind = kind;
	a.dtpa_difo = difo;
	a.dtpa_ntuple = ntuple;
	a.dtpa_format = format != NULL ? pb_str(b, format) : DTRACE_NONE;
	a.dtpa_arg = arg;
	a.dtpa_uarg = uarg;
	return pb_append(&b->acts, &b->nacts, &a, 1, sizeof(a));
}

static inline uint32_t pb_clause(struct pb *b, uint32_t probe, uint32_t pred,
				 uint32_t first, uint32_t n, uint64_t uarg)
{
	struct dtrace_prog_clause c;

	memset(&c, 0, sizeof(c));
	c.dtpc_probe = probe;
	c.dtpc_pred = pred;
	c.dtpc_action = first;
	c.dtpc_naction = n;
	c.dtpc_uarg = uarg;
	return pb_append(&b->clauses, &b->nclauses, &c, 1, sizeof(c));
}

static inline void pb_option(struct pb *b, uint32_t id, uint64_t value)
{
	struct dtrace_prog_option o;

	memset(&o, 0, sizeof(o));
	o.dtpo_option = id;
	o.dtpo_value = value;
	pb_append(&b->opts, &b->nopts, &o, 1, sizeof(o));
}

static inline size_t pb_put(char *blob, size_t off, struct dtrace_prog_hdr *h,
			    int t, const void *src, uint32_t count, size_t esz)
{
	off = (off + 7) & ~(size_t)7;
	h->dtph_tab[t].dtpt_off = count != 0 ? (uint32_t)off : 0;
	h->dtph_tab[t].dtpt_count = count;
	if (blob != NULL && count != 0)
		memcpy(blob + off, src, count * esz);
	return off + count * esz;
}

/* Lays out all tables; one pass to size, one to fill. malloc'ed blob. */
static inline void *pb_blob(const struct pb *b, size_t *sizep)
{
	struct dtrace_prog_hdr h;
	char *blob = NULL;
	size_t size = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		size_t off = sizeof(h);

		memset(&h, 0, sizeof(h));
		off = pb_put(blob, off, &h, DTRACE_PT_STRTAB, b->str, b->nstr,
			     1);
		off = pb_put(blob, off, &h, DTRACE_PT_PROBES, b->probes,
			     b->nprobes, sizeof(*b->probes));
		off = pb_put(blob, off, &h, DTRACE_PT_DIFOS, b->difos,
			     b->ndifos, sizeof(*b->difos));
		off = pb_put(blob, off, &h, DTRACE_PT_CODE, b->code, b->ncode,
			     sizeof(*b->code));
		off = pb_put(blob, off, &h, DTRACE_PT_INTS, b->ints, b->nints,
			     sizeof(*b->ints));
		off = pb_put(blob, off, &h, DTRACE_PT_VARS, b->vars, b->nvars,
			     sizeof(*b->vars));
		off = pb_put(blob, off, &h, DTRACE_PT_ACTIONS, b->acts,
			     b->nacts, sizeof(*b->acts));
		off = pb_put(blob, off, &h, DTRACE_PT_CLAUSES, b->clauses,
			     b->nclauses, sizeof(*b->clauses));
		off = pb_put(blob, off, &h, DTRACE_PT_OPTIONS, b->opts,
			     b->nopts, sizeof(*b->opts));
		size = (off + 7) & ~(size_t)7;
		h.dtph_magic = DTRACE_PROG_MAGIC;
		h.dtph_version = DTRACE_PROG_VERSION;
		h.dtph_hdrsize = sizeof(h);
		h.dtph_size = (uint32_t)size;
		h.dtph_difvers = DTRACE_DIF_VERSION;
		h.dtph_nregs = DIF_DIR_NREGS;
		h.dtph_ntregs = DIF_DTR_NREGS;
		if (blob == NULL)
			blob = (char *)calloc(1, size);
		else
			memcpy(blob, &h, sizeof(h));
	}
	*sizep = size;
	return blob;
}

static inline void pb_free(struct pb *b)
{
	free(b->str);
	free(b->probes);
	free(b->difos);
	free(b->code);
	free(b->ints);
	free(b->vars);
	free(b->acts);
	free(b->clauses);
	free(b->opts);
	memset(b, 0, sizeof(*b));
}

#endif /* DTRACE_TEST_PROGBUILD_H */

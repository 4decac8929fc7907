// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for kernel/core (userspace build): the input is a
 * program the core must survive. First byte even: the rest is a program
 * container, enabled as DTRACEIOC_ENABLE would. Odd: the rest is one
 * DIFO (see difo_input) wrapped in a valid container as trace(difo) on
 * test:::fire, with user variables of every scope declared. Whatever
 * enables is run: GO, three firings, STATUS, BUFSNAP of each CPU, STOP.
 * Built and run by run.sh (the ctest "kcore_fuzz"), which also seeds it
 * with test/fuzz/corpus (whole containers our compiler produced). Half
 * the mutations of a container input are structure-aware (test/fuzz/
 * mutate.c: counts, offsets, option values set to 0, 2^31, 2^32 - 1, ...,
 * tables grown to large counts); their probes are pointed at test:::fire.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/state.h"
#include "prov/dtrace.h"
#include "user/port_user.h"
#include "progbuild.h"
#include "mutate.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#define NCPUS 2

static struct dtrace_core *core;
static struct dtrace_provider *prov;
static uint32_t fire_id;

static void setup(void)
{
	static const struct dtrace_provider_ops ops;

	dtrace_user_set_ncpus(NCPUS);
	dtrace_user_set_alloc_limit(16u << 20); /* big options: ENOMEM */
	dtrace_user_set_mem_budget(64u << 20);	/* and many big ones */
	dtrace_user_set_cpu(0);
	core = dtrace_core_create();
	if (core == NULL || dtrace_prov_dtrace_init(core) != 0 ||
	    dtrace_provider_register(core, "test", &ops, NULL, &prov) != 0 ||
	    (fire_id = (uint32_t)dtrace_probe_create(core, prov, "mod", "func",
						     "fire", NULL)) == 0)
		abort();
}

static void run(void *blob, size_t size, const uint8_t *args, size_t nargs)
{
	struct dtrace_state *st = dtrace_state_create(core);
	struct dtrace_enable_res res;
	struct dtrace_status status;
	struct dtrace_bufdesc d;
	uint64_t a[6] = { 0 };
	const void *data;
	uint32_t cpu, c, i;

	if (st == NULL)
		abort();
	if (nargs > 0)
		memcpy(a, args, nargs < sizeof(a) ? nargs : sizeof(a));
	if (dtrace_state_enable(st, blob, size, &res) == 0 &&
	    dtrace_state_go(st, &cpu) == 0) {
		for (i = 0; i < 3; i++) {
			dtrace_user_set_cpu(i % NCPUS);
			dtrace_core_probe(core, fire_id, a[0], a[1], a[2], a[3],
					  a[4], a[5]);
		}
		dtrace_user_set_cpu(0);
		dtrace_state_status(st, &status);
		for (c = 0; c < NCPUS; c++)
			dtrace_state_bufsnap(st, c, st->bufsize, &d, &data);
		dtrace_state_stop(st, &cpu);
	}
	dtrace_state_destroy(st);
}

static const char strtab[] = "a\0b\0hello\0%d\0";

static struct dtrace_difv mkvar(uint16_t id, uint8_t scope, uint8_t kind,
				struct dtrace_diftype t)
{
	struct dtrace_difv v;

	memset(&v, 0, sizeof(v));
	v.dtdv_id = id;
	v.dtdv_scope = scope;
	v.dtdv_kind = kind;
	v.dtdv_flags = DIFV_F_REF | DIFV_F_MOD;
	v.dtdv_type = t;
	return v;
}

/*
 * A DIFO input: 1 byte return-type choice, 1 byte nints (<= 4), the ints
 * (8 bytes each), 48 bytes of probe arguments, then code words.
 */
static void difo_input(const uint8_t *p, size_t n)
{
	struct dtrace_diftype ints = pb_type(DIF_TYPE_CTF, 0, 8);
	struct dtrace_diftype strs = pb_type(DIF_TYPE_STRING, DIF_TF_BYREF, 0);
	struct dtrace_difv vars[8];
	uint64_t iv[4] = { 0 };
	struct pb b;
	uint32_t pr, di, ni, nv = 0;
	void *blob, *copy;
	size_t size;

	if (n < 2)
		return;
	ni = p[1] % 5;
	if (n < 2 + ni * 8 + 48)
		return;
	memcpy(iv, p + 2, ni * 8);
	memset(&b, 0, sizeof(b));
	vars[nv++] = mkvar(0x500, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, ints);
	vars[nv++] = mkvar(0x501, DIFV_SCOPE_GLOBAL, DIFV_KIND_SCALAR, strs);
	vars[nv++] = mkvar(0x502, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, ints);
	vars[nv++] = mkvar(0x503, DIFV_SCOPE_GLOBAL, DIFV_KIND_ARRAY, strs);
	vars[nv++] = mkvar(0x500, DIFV_SCOPE_THREAD, DIFV_KIND_SCALAR, ints);
	vars[nv++] = mkvar(0x501, DIFV_SCOPE_THREAD, DIFV_KIND_ARRAY, strs);
	vars[nv++] = mkvar(0x500, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, ints);
	vars[nv++] = mkvar(0x501, DIFV_SCOPE_LOCAL, DIFV_KIND_SCALAR, strs);
	pr = pb_probe(&b, "test", "", "", "fire");
	di = pb_difo(&b, (const dif_instr_t *)(p + 2 + ni * 8 + 48),
		     (uint32_t)((n - 2 - ni * 8 - 48) / 4), iv, ni, strtab,
		     sizeof(strtab), vars, nv, (p[0] & 2) ? strs : ints);
	pb_clause(&b, pr, DTRACE_NONE,
		  pb_action(&b, DTRACEACT_DIFEXPR, di, 0, NULL, 0, b.nacts), 1,
		  0);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	pb_option(&b, DTRACEOPT_DYNVARSIZE, 4096);
	blob = pb_blob(&b, &size);
	copy = dtrace_port_zalloc(size);
	memcpy(copy, blob, size);
	free(blob);
	pb_free(&b);
	run(copy, size, p + 2 + ni * 8, 48);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	struct rng r;

	rng_init(&r, seed, size);
	if (size < 1 + sizeof(struct dtrace_prog_hdr) || (data[0] & 1) ||
	    rng_below(&r, 2) == 0)
		return LLVMFuzzerMutate(data, size, max_size);
	/* mutate.c reads the header and tables in place: an aligned copy. */
	static uint64_t buf[(1 << 20) / 8];
	size_t cap = max_size - 1 < sizeof(buf) ? max_size - 1 : sizeof(buf);
	size_t n;

	if (size - 1 > cap)
		return LLVMFuzzerMutate(data, size, max_size);
	memcpy(buf, data + 1, size - 1);
	n = mutate_container(&r, (uint8_t *)buf, size - 1, cap,
			     1 + rng_below(&r, 3));
	memcpy(data + 1, buf, n);
	return 1 + n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void *copy;

	if (core == NULL)
		setup();
	if (size == 0)
		return 0;
	if (data[0] & 1) {
		difo_input(data, size);
		return 0;
	}
	copy = dtrace_port_zalloc(size - 1);
	memcpy(copy, data + 1, size - 1);
	prog_retarget(copy, size - 1, fire_id);
	if (known_bug(copy, size - 1) != NULL) {
		dtrace_port_free(copy);
		return 0;
	}
	run(copy, size - 1, NULL, 0);
	return 0;
}

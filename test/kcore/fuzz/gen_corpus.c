// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the seed corpus of fuzz_prog.c into DIR (test/kcore/corpus):
 * a few valid containers (first byte 0) and DIFO inputs (first byte 1)
 * touching variables, tuples, subroutines and speculations. Run by hand
 * (run.sh --gen) when the input format changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progbuild.h"

static const char *dir;
static int nfile;

static void put(const void *p, size_t n, uint8_t first)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/seed-%02d", dir, nfile++);
	f = fopen(path, "wb");
	if (f == NULL) {
		perror(path);
		exit(1);
	}
	fwrite(&first, 1, 1, f);
	fwrite(p, 1, n, f);
	fclose(f);
}

#define I(op, r1, r2, rd) DIF_INSTR_FMT(op, r1, r2, rd)
#define X(op, idx, r)	  DIF_INSTR_IDX(op, idx, r)

static void difo(uint8_t kind, const uint64_t *ints, uint8_t nints,
		 const dif_instr_t *code, size_t ncode)
{
	uint8_t buf[2 + 32 + 48 + 256 * 4] = { kind, nints };
	uint64_t args[6] = { 1, 2, 3, 0x1000, 5, 6 };
	size_t off = 2;

	memcpy(buf + off, ints, nints * 8);
	off += nints * 8;
	memcpy(buf + off, args, 48);
	off += 48;
	memcpy(buf + off, code, ncode * 4);
	off += ncode * 4;
	put(buf + 1, off - 1, buf[0]);
}

static void difos(void)
{
	uint64_t iv[2] = { 7, 1 };
	dif_instr_t self[] = { X(DIF_OP_LDTS, 0x500, 1), X(DIF_OP_SETX, 1, 2),
			       I(DIF_OP_ADD, 1, 2, 1), X(DIF_OP_STTS, 0x500, 1),
			       DIF_INSTR_RET(1) };
	dif_instr_t assoc[] = { X(DIF_OP_SETS, 0, 1),
				X(DIF_OP_SETX, 0, 2),
				I(DIF_OP_FLUSHTS, 0, 0, 0),
				I(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, 1),
				I(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, 2),
				X(DIF_OP_LDGAA, 0x502, 3),
				X(DIF_OP_STGAA, 0x502, 2),
				X(DIF_OP_LDGAA, 0x502, 3),
				DIF_INSTR_RET(3) };
	dif_instr_t strs[] = { X(DIF_OP_SETS, 4, 1),
			       X(DIF_OP_STGS, 0x501, 1),
			       X(DIF_OP_LDGS, 0x501, 2),
			       I(DIF_OP_FLUSHTS, 0, 0, 0),
			       I(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, 2),
			       X(DIF_OP_STTAA, 0x501, 2),
			       X(DIF_OP_LDTAA, 0x501, 3),
			       DIF_INSTR_RET(3) };
	dif_instr_t subr[] = { X(DIF_OP_SETS, 4, 1),
			       I(DIF_OP_FLUSHTS, 0, 0, 0),
			       I(DIF_OP_PUSHTR, DIF_TYPE_STRING, 0, 1),
			       X(DIF_OP_CALL, DIF_SUBR_STRLEN, 2),
			       I(DIF_OP_PUSHTV, DIF_TYPE_CTF, 0, 2),
			       X(DIF_OP_CALL, DIF_SUBR_ALLOCA, 3),
			       X(DIF_OP_CALL, DIF_SUBR_SPECULATION, 4),
			       X(DIF_OP_LDGS, DIF_VAR_ARG3, 5),
			       I(DIF_OP_LDX, 5, 0, 6),
			       DIF_INSTR_RET(3) };

	difo(1, iv, 2, self, sizeof(self) / 4);
	difo(1, iv, 2, assoc, sizeof(assoc) / 4);
	difo(3, iv, 2, strs, sizeof(strs) / 4);
	difo(1, iv, 2, subr, sizeof(subr) / 4);
}

static void container(int spec)
{
	dif_instr_t k[] = { X(DIF_OP_SETX, 0, 1), DIF_INSTR_RET(1) };
	uint64_t one = 1;
	struct pb b;
	uint32_t p, d, first;
	void *blob;
	size_t size;

	memset(&b, 0, sizeof(b));
	p = pb_probe(&b, "test", "", "", "fire");
	d = pb_difo(&b, k, 2, &one, 1, NULL, 0, NULL, 0,
		    pb_type(DIF_TYPE_CTF, 0, 8));
	first = b.nacts;
	if (spec)
		pb_action(&b, DTRACEACT_SPECULATE, d, 0, NULL, 0, 0);
	pb_action(&b, DTRACEACT_DIFEXPR, d, 0, NULL, 0, 0);
	pb_clause(&b, p, d, first, b.nacts - first, 0);
	first = b.nacts;
	pb_action(&b, spec ? DTRACEACT_COMMIT : DTRACEACT_EXIT, d, 0, NULL, 0,
		  0);
	pb_clause(&b, p, DTRACE_NONE, first, 1, 0);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	blob = pb_blob(&b, &size);
	put(blob, size, 0);
	free(blob);
	pb_free(&b);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: gen_corpus DIR\n");
		return 2;
	}
	dir = argv[1];
	difos();
	container(0);
	container(1);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl_smoke: exercises /dev/dtrace end to end against the real module
 * (run it in the guest: test/vm/run -- /tmp/ioctl_smoke). Covers CONF,
 * PROBEMATCH over all probes, ENABLE of hand-assembled programs, GO,
 * BUFSNAP with EPDESC decoding, STATUS, STOP, a DIF fault reported
 * through dtrace:::ERROR, validator refusals, built-in variables in the
 * kernel, kernel and user stacks, aggregations (AGGDESC/AGGSNAP), raise(),
 * permissions, a killed consumer, and that the module refuses rmmod
 * while open and accepts it after close.
 *
 * Build: gcc -O2 -Wall -I kernel/uapi -I test/kcore \
 *            test/kcore/ioctl_smoke.c -o /tmp/ioctl_smoke
 * Usage: ioctl_smoke [--rmmod]   (--rmmod: also check rmmod, last)
 * Exit status 0 when every check passed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dev_open.h"
#include "dtrace/dtrace.h"
#include "progbuild.h"

static int failures;

#define CHECK(cond, ...)                  \
	do {                              \
		if (cond) {               \
			printf("ok: ");   \
		} else {                  \
			printf("FAIL: "); \
			failures++;       \
		}                         \
		printf(__VA_ARGS__);      \
		printf("\n");             \
	} while (0)

static struct dtrace_conf conf;

static void check_conf(int fd)
{
	int r = ioctl(fd, DTRACEIOC_CONF, &conf);

	CHECK(r == 0 && conf.dtc_abi_version == DTRACE_ABI_VERSION &&
		      conf.dtc_difintregs == DIF_DIR_NREGS,
	      "CONF: abi %u dif %u regs %u tregs %u ncpus %u maxcpu %u",
	      conf.dtc_abi_version, conf.dtc_difversion, conf.dtc_difintregs,
	      conf.dtc_diftupregs, conf.dtc_ncpus, conf.dtc_maxcpu);
}

static void check_probematch(int fd)
{
	struct dtrace_probematch m;
	int n = 0, ok = 1;

	memset(&m, 0, sizeof(m));
	while (ioctl(fd, DTRACEIOC_PROBEMATCH, &m) == 0) {
		struct dtrace_probedesc *p = &m.dtpm_probe;

		printf("  probe %u %s:%s:%s:%s\n", p->dtpd_id, p->dtpd_provider,
		       p->dtpd_mod, p->dtpd_func, p->dtpd_name);
		if (n < 3) {
			static const char *const names[] = { "BEGIN", "END",
							     "ERROR" };
			ok &= p->dtpd_id == (uint32_t)n + 1 &&
			      strcmp(p->dtpd_provider, "dtrace") == 0 &&
			      strcmp(p->dtpd_name, names[n]) == 0;
		}
		n++;
		m.dtpm_start = p->dtpd_id + 1;
	}
	CHECK(errno == ENOENT && n >= 3 && ok,
	      "PROBEMATCH: %d probes, dtrace:::BEGIN/END/ERROR are 1-3", n);
	memset(&m, 0, sizeof(m));
	strcpy(m.dtpm_pattern.dtpd_name, "E[NR]*");
	n = 0;
	while (ioctl(fd, DTRACEIOC_PROBEMATCH, &m) == 0) {
		n++;
		m.dtpm_start = m.dtpm_probe.dtpd_id + 1;
	}
	CHECK(n == 2, "PROBEMATCH glob E[NR]* matches END and ERROR (%d)", n);
}

static int enable(int fd, struct pb *b, struct dtrace_enable *en)
{
	size_t size;
	void *blob = pb_blob(b, &size);
	int r;

	memset(en, 0, sizeof(*en));
	en->dten_prog = (uintptr_t)blob;
	en->dten_size = size;
	r = ioctl(fd, DTRACEIOC_ENABLE, en);
	free(blob);
	return r == 0 ? 0 : -errno;
}

/* A DIFO returning the string s. */
static uint32_t difo_string(struct pb *b, const char *s)
{
	dif_instr_t code[] = { DIF_INSTR_IDX(DIF_OP_SETS, 0, 1),
			       DIF_INSTR_RET(1) };

	return pb_difo(b, code, 2, NULL, 0, s, (uint32_t)strlen(s) + 1, NULL, 0,
		       PB_STRING);
}

/* A DIFO returning the 64-bit constant v. */
static uint32_t difo_const(struct pb *b, uint64_t v, uint32_t size)
{
	dif_instr_t code[] = { DIF_INSTR_IDX(DIF_OP_SETX, 0, 1),
			       DIF_INSTR_RET(1) };

	return pb_difo(b, code, 2, &v, 1, NULL, 0, NULL, 0, PB_INT(size));
}

/* A DIFO returning built-in variable id. */
static uint32_t difo_var(struct pb *b, uint32_t id)
{
	dif_instr_t code[] = { DIF_INSTR_IDX(DIF_OP_LDGS, id, 1),
			       DIF_INSTR_RET(1) };

	return pb_code(b, code, 2, PB_INT(8));
}

struct snap {
	char *data[256];
	uint64_t size[256];
	uint64_t drops;
	uint32_t errors;
};

static void snap_all(int fd, struct snap *s, uint64_t bufsize)
{
	uint32_t c;

	memset(s, 0, sizeof(*s));
	for (c = 0; c < conf.dtc_maxcpu && c < 256; c++) {
		struct dtrace_bufdesc d;

		memset(&d, 0, sizeof(d));
		s->data[c] = calloc(1, bufsize);
		d.dtbd_data = (uintptr_t)s->data[c];
		d.dtbd_size = bufsize;
		d.dtbd_cpu = c;
		if (ioctl(fd, DTRACEIOC_BUFSNAP, &d) != 0) {
			printf("  BUFSNAP cpu %u: %s\n", c, strerror(errno));
			continue;
		}
		s->size[c] = d.dtbd_size;
		s->drops += d.dtbd_drops;
		s->errors += d.dtbd_errors;
	}
}

static void snap_free(struct snap *s)
{
	int c;

	for (c = 0; c < 256; c++)
		free(s->data[c]);
}

static struct dtrace_epdesc *epdesc(int fd, uint32_t epid)
{
	struct dtrace_epdesc hdr, *ep;

	memset(&hdr, 0, sizeof(hdr));
	hdr.dtepd_epid = epid;
	if (ioctl(fd, DTRACEIOC_EPDESC, &hdr) != 0 && errno != ENOSPC)
		return NULL;
	ep = calloc(1,
		    sizeof(*ep) + hdr.dtepd_nrecs * sizeof(ep->dtepd_rec[0]));
	ep->dtepd_epid = epid;
	ep->dtepd_nrecs = hdr.dtepd_nrecs;
	if (ioctl(fd, DTRACEIOC_EPDESC, ep) != 0) {
		free(ep);
		return NULL;
	}
	return ep;
}

/* Finds the first record of epid in the snapshot; returns its data. */
static const char *find_record(struct snap *s, uint32_t epid, int fd,
			       uint32_t *cpu)
{
	uint32_t c;

	for (c = 0; c < 256; c++) {
		uint64_t off = 0;

		while (s->data[c] != NULL && off + 16 <= s->size[c]) {
			struct dtrace_rechdr *h = (void *)(s->data[c] + off);
			struct dtrace_epdesc *ep;

			if (h->dtrh_epid == DTRACE_EPIDNONE) {
				off += 8;
				continue;
			}
			ep = epdesc(fd, h->dtrh_epid);
			if (ep == NULL)
				return NULL;
			if (h->dtrh_epid == epid) {
				free(ep);
				*cpu = c;
				return s->data[c] + off + 16;
			}
			off += 16 + ep->dtepd_size;
			free(ep);
		}
	}
	return NULL;
}

static void test_hello(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct dtrace_enable en;
	struct dtrace_status st;
	struct dtrace_go go;
	struct dtrace_epdesc *ep;
	struct snap s;
	const char *rec;
	uint32_t begin, error, a, cpu = 0;
	int32_t status;
	int r;

	begin = pb_probe(&b, "dtrace", "", "", "BEGIN");
	error = pb_probe(&b, "dtrace", "", "", "ERROR");
	a = pb_action(&b, DTRACEACT_DIFEXPR, difo_string(&b, "hello"), 0, NULL,
		      0, 11);
	pb_action(&b, DTRACEACT_EXIT, difo_const(&b, 0, 4), 0, NULL, 0, 12);
	pb_clause(&b, begin, DTRACE_NONE, a, 2, 100);
	a = pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_ARG4), 0,
		      NULL, 0, 0);
	pb_clause(&b, error, DTRACE_NONE, a, 1, 200);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	r = enable(fd, &b, &en);
	CHECK(r == 0 && en.dten_nprobes == 2,
	      "ENABLE BEGIN{trace(\"hello\"); exit(0)} ERROR{trace(arg4)}: "
	      "%d, %u ECBs %s",
	      r, en.dten_nprobes, en.dten_msg);
	ep = epdesc(fd, 1);
	CHECK(ep != NULL && ep->dtepd_probeid == 1 && ep->dtepd_nrecs == 2 &&
		      ep->dtepd_size == 264 && ep->dtepd_uarg == 100 &&
		      ep->dtepd_rec[0].dtrd_size == 256 &&
		      ep->dtepd_rec[1].dtrd_offset == 256 &&
		      ep->dtepd_rec[1].dtrd_size == 4,
	      "EPDESC 1: probe %u, %u recs, size %u",
	      ep ? ep->dtepd_probeid : 0, ep ? ep->dtepd_nrecs : 0,
	      ep ? ep->dtepd_size : 0);
	free(ep);
	r = ioctl(fd, DTRACEIOC_GO, &go);
	CHECK(r == 0, "GO: BEGIN fired on cpu %u", go.dtgo_cpu);
	r = ioctl(fd, DTRACEIOC_STATUS, &st);
	CHECK(r == 0 && st.dtst_exiting == 1 &&
		      st.dtst_activity == DTRACE_ACTIVITY_DRAINING &&
		      st.dtst_errors == 0,
	      "STATUS: exiting %u activity %u errors %llu", st.dtst_exiting,
	      st.dtst_activity, (unsigned long long)st.dtst_errors);
	r = ioctl(fd, DTRACEIOC_STOP, &go);
	CHECK(r == 0, "STOP: END fired on cpu %u", go.dtgo_cpu);
	snap_all(fd, &s, 64 << 10);
	rec = find_record(&s, 1, fd, &cpu);
	CHECK(rec != NULL && strcmp(rec, "hello") == 0 &&
		      memcmp(rec + 5, (char[251]){ 0 }, 251) == 0,
	      "BUFSNAP: epid 1 on cpu %u records \"%s\", NUL-padded to 256",
	      cpu, rec ? rec : "(none)");
	if (rec != NULL)
		memcpy(&status, rec + 256, 4);
	CHECK(rec != NULL && status == 0, "exit status recorded: %d",
	      rec ? status : -1);
	CHECK(find_record(&s, 2, fd, &cpu) == NULL && s.errors == 0,
	      "no ERROR record, no errors");
	snap_free(&s);
	pb_free(&b);
	close(fd);
}

static void test_fault(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct dtrace_enable en;
	struct dtrace_status st;
	struct dtrace_go go;
	struct snap s;
	const uint64_t *v;
	uint32_t begin, error, a, i, cpu = 0;
	dif_instr_t load0[] = { DIF_INSTR_NOP,
				DIF_INSTR_FMT(DIF_OP_LDX, 0, 0, 1),
				DIF_INSTR_RET(1) };
	int r;

	begin = pb_probe(&b, "dtrace", "", "", "BEGIN");
	error = pb_probe(&b, "dtrace", "", "", "ERROR");
	a = pb_action(&b, DTRACEACT_DIFEXPR, pb_code(&b, load0, 3, PB_INT(8)),
		      0, NULL, 0, 0);
	pb_clause(&b, begin, DTRACE_NONE, a, 1, 0);
	a = pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_ARG0), 0,
		      NULL, 0, 0);
	for (i = 1; i <= 5; i++)
		pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_ARG0 + i),
			  0, NULL, 0, 0);
	pb_clause(&b, error, DTRACE_NONE, a, 6, 0);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	r = enable(fd, &b, &en);
	CHECK(r == 0, "ENABLE BEGIN{trace(*(uint64_t *)0)} ERROR{args}: %d %s",
	      r, en.dten_msg);
	r = ioctl(fd, DTRACEIOC_GO, &go);
	CHECK(r == 0, "GO");
	r = ioctl(fd, DTRACEIOC_STATUS, &st);
	CHECK(r == 0 && st.dtst_errors == 1, "STATUS: errors %llu",
	      (unsigned long long)st.dtst_errors);
	snap_all(fd, &s, 64 << 10);
	CHECK(find_record(&s, 1, fd, &cpu) == NULL, "faulting clause left "
						    "no record");
	v = (const uint64_t *)find_record(&s, 2, fd, &cpu);
	CHECK(v != NULL && v[0] == 0 && v[1] == 1 && v[2] == 1 && v[3] == 4 &&
		      v[4] == DTRACEFLT_BADADDR && v[5] == 0,
	      "ERROR fired: arg0..5 = %llu %llu %llu %llu %llu %llu",
	      v ? (unsigned long long)v[0] : 9,
	      v ? (unsigned long long)v[1] : 9,
	      v ? (unsigned long long)v[2] : 9,
	      v ? (unsigned long long)v[3] : 9,
	      v ? (unsigned long long)v[4] : 9,
	      v ? (unsigned long long)v[5] : 9);
	CHECK(s.errors == 1, "BUFSNAP reports %u error(s)", s.errors);
	r = ioctl(fd, DTRACEIOC_STOP, &go);
	CHECK(r == 0, "STOP");
	snap_free(&s);
	pb_free(&b);
	close(fd);
}

static void test_refusals(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct dtrace_enable en;
	dif_instr_t back[] = { DIF_INSTR_NOP, DIF_INSTR_BRANCH(DIF_OP_BA, 0),
			       DIF_INSTR_RET(0) };
	uint32_t p, a;
	int r;

	p = pb_probe(&b, "dtrace", "", "", "BEGIN");
	a = pb_action(&b, DTRACEACT_DIFEXPR, pb_code(&b, back, 3, PB_INT(8)), 0,
		      NULL, 0, 0);
	pb_clause(&b, p, DTRACE_NONE, a, 1, 0);
	r = enable(fd, &b, &en);
	CHECK(r == -EINVAL && en.dten_dvr == DIF_DVR_BACKWARD_BRANCH &&
		      en.dten_difo == 0 && en.dten_pc == 1,
	      "ENABLE backward branch refused: %d dvr %u difo %u pc %u \"%s\"",
	      r, en.dten_dvr, en.dten_difo, en.dten_pc, en.dten_msg);
	pb_free(&b);
	p = pb_probe(&b, "nosuch", "", "", "probe");
	a = pb_action(&b, DTRACEACT_DIFEXPR, difo_const(&b, 1, 8), 0, NULL, 0,
		      0);
	pb_clause(&b, p, DTRACE_NONE, a, 1, 0);
	r = enable(fd, &b, &en);
	CHECK(r == -ENOENT && en.dten_clause == 0,
	      "ENABLE of an unmatched description: %d clause %u", r,
	      en.dten_clause);
	pb_free(&b);
	en.dten_prog = 0;
	en.dten_size = (uint64_t)DTRACE_PROG_MAXSIZE + 1;
	r = ioctl(fd, DTRACEIOC_ENABLE, &en) == 0 ? 0 : -errno;
	CHECK(r == -E2BIG, "ENABLE of an oversized program: %d", r);
	close(fd);
}

static uint32_t difo_str(struct pb *b, uint32_t var)
{
	dif_instr_t code[] = { DIF_INSTR_IDX(DIF_OP_LDGS, var, 1),
			       DIF_INSTR_RET(1) };

	return pb_code(b, code, 2, PB_STRING);
}

/* Everything BEGIN recorded for EPID 1, after GO and STOP. */
static int run_begin(struct pb *b, int fd, struct snap *s, uint32_t *cpu)
{
	struct dtrace_enable en;
	struct dtrace_go go;
	int r = enable(fd, b, &en);

	if (r != 0) {
		printf("  ENABLE: %d %s\n", r, en.dten_msg);
		return r;
	}
	if (ioctl(fd, DTRACEIOC_GO, &go) != 0 ||
	    ioctl(fd, DTRACEIOC_STOP, &go) != 0)
		return -errno;
	snap_all(fd, s, 64 << 10);
	*cpu = go.dtgo_cpu;
	return 0;
}

static void test_builtins(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct snap s;
	const char *rec;
	uint32_t p, a, cpu = 0;
	uint64_t v[3];

	prctl(PR_SET_NAME, "smoke-comm", 0, 0, 0);
	p = pb_probe(&b, "dtrace", "", "", "BEGIN");
	a = pb_action(&b, DTRACEACT_DIFEXPR, difo_str(&b, DIF_VAR_EXECNAME), 0,
		      NULL, 0, 0);
	pb_action(&b, DTRACEACT_DIFEXPR, difo_str(&b, DIF_VAR_PROBENAME), 0,
		  NULL, 0, 0);
	pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_PID), 0, NULL, 0,
		  0);
	pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_UID), 0, NULL, 0,
		  0);
	pb_action(&b, DTRACEACT_DIFEXPR, difo_var(&b, DIF_VAR_TIMESTAMP), 0,
		  NULL, 0, 0);
	pb_clause(&b, p, DTRACE_NONE, a, 5, 0);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	CHECK(run_begin(&b, fd, &s, &cpu) == 0, "BEGIN with built-ins runs");
	rec = find_record(&s, 1, fd, &cpu);
	if (rec != NULL)
		memcpy(v, rec + 512, sizeof(v));
	CHECK(rec != NULL && strcmp(rec, "smoke-comm") == 0 &&
		      strcmp(rec + 256, "BEGIN") == 0 &&
		      v[0] == (uint64_t)getpid() &&
		      v[1] == (uint64_t)getuid() && v[2] != 0,
	      "execname \"%s\", probename \"%s\", pid %llu, uid %llu",
	      rec ? rec : "", rec ? rec + 256 : "",
	      rec ? (unsigned long long)v[0] : 0,
	      rec ? (unsigned long long)v[1] : 0);
	snap_free(&s);
	pb_free(&b);
	close(fd);
}

static void test_stacks(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct snap s;
	const uint64_t *v;
	uint32_t p, a, cpu = 0;

	p = pb_probe(&b, "dtrace", "", "", "BEGIN");
	a = pb_action(&b, DTRACEACT_STACK, DTRACE_NONE, 0, NULL, 8, 0);
	pb_action(&b, DTRACEACT_USTACK, DTRACE_NONE, 0, NULL, 4, 0);
	pb_clause(&b, p, DTRACE_NONE, a, 2, 0);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	CHECK(run_begin(&b, fd, &s, &cpu) == 0,
	      "BEGIN { stack(8); ustack(4); }");
	v = (const uint64_t *)find_record(&s, 1, fd, &cpu);
	CHECK(v != NULL && v[0] >= 0xffff800000000000ull && v[1] != 0,
	      "stack(): %#llx %#llx ...", v ? (unsigned long long)v[0] : 0,
	      v ? (unsigned long long)v[1] : 0);
	CHECK(v != NULL && v[8] == (uint64_t)getpid() && v[9] != 0 &&
		      v[9] < 0x0000800000000000ull,
	      "ustack(): pid %llu pc %#llx", v ? (unsigned long long)v[8] : 0,
	      v ? (unsigned long long)v[9] : 0);
	snap_free(&s);
	pb_free(&b);
	close(fd);
}

static void test_aggs(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct dtrace_enable en;
	struct dtrace_go go;
	struct dtrace_bufdesc d;
	struct {
		struct dtrace_aggdesc ag;
		struct dtrace_recdesc rec[2];
	} desc;
	uint32_t p, a, n = 0;
	char *buf = calloc(1, 64 << 10);
	uint64_t off;
	int64_t count = 0;

	p = pb_probe(&b, "dtrace", "", "", "BEGIN");
	a = pb_action(&b, DTRACEACT_AGG_COUNT, DTRACE_NONE, 1, NULL, 0, 77);
	pb_action(&b, DTRACEACT_AGGKEY, difo_str(&b, DIF_VAR_PROBENAME), 0,
		  NULL, 0, 78);
	pb_clause(&b, p, DTRACE_NONE, a, 2, 0);
	pb_option(&b, DTRACEOPT_AGGSIZE, 64 << 10);
	CHECK(enable(fd, &b, &en) == 0 && ioctl(fd, DTRACEIOC_GO, &go) == 0,
	      "BEGIN { @[probename] = count(); }");
	memset(&desc, 0, sizeof(desc));
	desc.ag.dtagd_id = 1;
	desc.ag.dtagd_nrecs = 2;
	CHECK(ioctl(fd, DTRACEIOC_AGGDESC, &desc) == 0 &&
		      desc.ag.dtagd_varid == 77 && desc.ag.dtagd_nrecs == 2 &&
		      desc.rec[1].dtrd_offset == 256 &&
		      desc.ag.dtagd_size == 264,
	      "AGGDESC 1: varid %llu, %u recs, size %u",
	      (unsigned long long)desc.ag.dtagd_varid, desc.ag.dtagd_nrecs,
	      desc.ag.dtagd_size);
	memset(&d, 0, sizeof(d));
	d.dtbd_data = (uintptr_t)buf;
	d.dtbd_size = 64 << 10;
	d.dtbd_cpu = go.dtgo_cpu;
	CHECK(ioctl(fd, DTRACEIOC_AGGSNAP, &d) == 0,
	      "AGGSNAP cpu %u: %llu bytes", go.dtgo_cpu,
	      (unsigned long long)d.dtbd_size);
	for (off = 0; off + 8 <= d.dtbd_size; n++) {
		struct dtrace_aggent *e = (void *)(buf + off);

		if (e->dtae_aggid == 1 && strcmp(buf + off + 8, "BEGIN") == 0)
			memcpy(&count, buf + off + 8 + 256, 8);
		off += e->dtae_size;
	}
	CHECK(n == 1 && count == 1, "one entry: @[\"BEGIN\"] = %lld",
	      (long long)count);
	free(buf);
	pb_free(&b);
	close(fd);
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void test_raise(void)
{
	int fd = dt_open();
	struct pb b = { 0 };
	struct dtrace_enable en;
	struct dtrace_go go;
	uint32_t p, a;
	int r;

	signal(SIGUSR1, on_usr1);
	p = pb_probe(&b, "dtrace", "", "", "BEGIN");
	a = pb_action(&b, DTRACEACT_RAISE, difo_const(&b, SIGUSR1, 4), 0, NULL,
		      0, 0);
	pb_clause(&b, p, DTRACE_NONE, a, 1, 0);
	r = enable(fd, &b, &en);
	CHECK(r == -EPERM, "raise() without destructive: %d", r);
	pb_option(&b, DTRACEOPT_DESTRUCTIVE, 1);
	pb_option(&b, DTRACEOPT_BUFSIZE, 64 << 10);
	r = enable(fd, &b, &en);
	CHECK(r == 0 && ioctl(fd, DTRACEIOC_GO, &go) == 0,
	      "BEGIN { raise(SIGUSR1); } with destructive");
	usleep(10000);
	CHECK(got_usr1 == 1, "SIGUSR1 delivered");
	pb_free(&b);
	close(fd);
}

static void test_permissions(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct dtrace_conf c;
		int fd;

		if (setuid(65534) != 0)
			_exit(3);
		fd = open(DTRACE_DEVICE, O_RDWR);
		if (fd < 0)
			_exit(4);
		_exit(ioctl(fd, DTRACEIOC_CONF, &c) == -1 && errno == EPERM ?
			      0 :
			      5);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "unprivileged: open works, DTRACEIOC_CONF is EPERM (%d)",
	      WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* A consumer killed while tracing must leave the module usable. */
static void test_killed(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		int fd = dt_open();
		struct pb b = { 0 };
		struct dtrace_enable en;
		struct dtrace_go go;
		uint32_t p = pb_probe(&b, "dtrace", "", "", "END");

		pb_clause(&b, p, DTRACE_NONE,
			  pb_action(&b, DTRACEACT_DIFEXPR, difo_const(&b, 7, 8),
				    0, NULL, 0, 0),
			  1, 0);
		if (enable(fd, &b, &en) != 0 ||
		    ioctl(fd, DTRACEIOC_GO, &go) != 0)
			_exit(3);
		kill(getpid(), SIGKILL);
		_exit(4);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	      "consumer killed while tracing");
	test_hello();
}

static void test_rmmod(void)
{
	int fd = dt_open();
	int r = system("rmmod dtrace 2>/dev/null");

	CHECK(r != 0, "rmmod refused while /dev/dtrace is open");
	close(fd);
	r = system("rmmod dtrace");
	CHECK(r == 0, "rmmod after close");
}

int main(int argc, char **argv)
{
	int fd = dt_open();

	setvbuf(stdout, NULL, _IOLBF, 0);
	check_conf(fd);
	check_probematch(fd);
	close(fd);
	test_hello();
	test_fault();
	test_refusals();
	test_builtins();
	test_stacks();
	test_aggs();
	test_raise();
	test_permissions();
	test_killed();
	if (argc > 1 && strcmp(argv[1], "--rmmod") == 0)
		test_rmmod();
	printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl_fuzz: feeds /dev/dtrace mutated requests, in the guest, against
 * the loaded module. Program containers for ENABLE start from the corpus
 * (containers our compiler produced, test/fuzz/corpus/NAME.dtp) and are
 * mutated where the module must check them: header fields, table offsets
 * and counts, table entries, option values; then the other calls follow
 * with forged structures (EPDESC/AGGDESC/FORMAT/BUFSNAP/AGGSNAP capacities
 * and ids, GO/STOP out of order, PROBEMATCH/PROBEARG, bad pointers,
 * unknown commands) and helper blobs go to DTRACEHIOC_ADDPROG/REMOVE.
 * --unpriv drops to uid 65534: the helper door is fuzzed and every
 * DTRACEIOC_* call must answer EPERM.
 *
 * Deterministic: input i of a run is a function of (seed, i) alone, so
 * --only I replays it. A finding is an errno the call does not document,
 * an unprivileged call that is not refused, a call slower than --slow
 * seconds, a kernel taint that appears, or a valid program that no
 * longer enables and runs afterwards. (A WARN or oops panics the guest
 * under panic_on_warn: the last "input" line shown with -v names it.)
 *
 * Usage: ioctl_fuzz [--seed N] [--count M] [--corpus DIR] [--unpriv]
 *                   [--only I] [--slow SECS] [--max-time SECS] [-v]
 *        ioctl_fuzz --replay FILE     (one container, straight through)
 * Exit status: 0 no finding, 1 findings, 2 usage or setup error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dtrace/dtrace.h"
#include "mutate.h"

#define MAXCORPUS 256
#define ARENA	  (8u << 20) /* blobs live at the end of it */

struct blob {
	uint8_t *data;
	size_t size;
	char name[64];
};

static struct blob corpus[MAXCORPUS];
static unsigned ncorpus;
static int verbose, unpriv;
static double slow_secs = 10;
static unsigned long findings;
static uint8_t *arena; /* ARENA bytes then a PROT_NONE page */
static uint64_t cur_input;

static void finding(const char *fmt, ...)
{
	va_list ap;

	findings++;
	printf("FINDING input %llu: ", (unsigned long long)cur_input);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void trace_op(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- which errno each call may answer (doc/ioctl.md §8) ---- */

struct callinfo {
	unsigned long cmd;
	const char *name;
	int ok[10]; /* allowed errnos, 0-terminated */
};

static const struct callinfo calls[] = {
	{ DTRACEIOC_CONF, "CONF", { EFAULT } },
	{ DTRACEIOC_PROBEMATCH,
	  "PROBEMATCH",
	  { ENOENT, EINVAL, EFAULT, ENOMEM } },
	{ DTRACEIOC_PROBEARG, "PROBEARG", { EINVAL, ENOENT, EFAULT } },
	{ DTRACEIOC_ENABLE,
	  "ENABLE",
	  { E2BIG, EBUSY, EINVAL, EPERM, ENOENT, ENOMEM, EFAULT } },
	{ DTRACEIOC_EPDESC, "EPDESC", { EINVAL, ENOSPC, EFAULT, ENOMEM } },
	{ DTRACEIOC_AGGDESC, "AGGDESC", { EINVAL, ENOSPC, EFAULT, ENOMEM } },
	{ DTRACEIOC_FORMAT, "FORMAT", { EINVAL, ENOSPC, EFAULT } },
	{ DTRACEIOC_GO, "GO", { EBUSY, ENOMEM, EFAULT, EINVAL } },
	{ DTRACEIOC_STOP, "STOP", { EINVAL, EFAULT } },
	{ DTRACEIOC_BUFSNAP, "BUFSNAP", { EINVAL, ENOENT, ENOSPC, EFAULT } },
	{ DTRACEIOC_AGGSNAP, "AGGSNAP", { EINVAL, ENOENT, ENOSPC, EFAULT } },
	{ DTRACEIOC_STATUS, "STATUS", { EFAULT } },
	{ DTRACEIOC_USERPROBE,
	  "USERPROBE",
	  { ENOENT, EINVAL, EEXIST, ENOSPC, ENOMEM, EFAULT, EOPNOTSUPP,
	    ESRCH } },
	{ DTRACEHIOC_ADDPROG,
	  "ADDPROG",
	  { E2BIG, EINVAL, EEXIST, ENOSPC, ENOMEM, EFAULT, EOPNOTSUPP,
	    EDQUOT } },
	{ DTRACEHIOC_REMOVE, "REMOVE", { EINVAL, EFAULT, EOPNOTSUPP, ENOENT } },
};

static const struct callinfo *callinfo(unsigned long cmd)
{
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (calls[i].cmd == cmd)
			return &calls[i];
	return NULL;
}

static bool helper_cmd(unsigned long cmd)
{
	return cmd == DTRACEHIOC_ADDPROG || cmd == DTRACEHIOC_REMOVE;
}

/* One ioctl, checked: returns 0 or the errno. */
static int call(int fd, unsigned long cmd, void *arg)
{
	const struct callinfo *ci = callinfo(cmd);
	const char *name = ci ? ci->name : "unknown";
	double t0 = now(), dt;
	int rc, err = 0;

	trace_op("  %s(%#lx, %p)", name, cmd, arg);
	rc = ioctl(fd, cmd, arg);
	if (rc != 0)
		err = errno;
	dt = now() - t0;
	trace_op(" = %s (%.3fs)\n", err ? strerror(err) : "0", dt);
	if (rc != 0 && rc != -1)
		finding("%s returned %d", name, rc);
	if (dt > slow_secs)
		finding("%s took %.1f s", name, dt);
	if (unpriv && !helper_cmd(cmd)) {
		/* Unknown commands of our magic: EPERM or ENOTTY. */
		if (rc == 0 || (err != EPERM && err != ENOTTY))
			finding("unprivileged %s(%#lx) answered %s, not EPERM",
				name, cmd, rc == 0 ? "success" : strerror(err));
		return err;
	}
	if (err == 0 || err == EINTR)
		return err;
	if (ci == NULL) {
		if (err != ENOTTY && err != EFAULT)
			finding("unknown command %#lx answered %s", cmd,
				strerror(err));
		return err;
	}
	for (int i = 0; ci->ok[i] != 0; i++)
		if (ci->ok[i] == err)
			return err;
	finding("%s answered %s (%d), not documented", name, strerror(err),
		err);
	return err;
}

/* ---- corpus ---- */

static int load_corpus(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);

	if (n < 0) {
		fprintf(stderr, "ioctl_fuzz: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *nm = ents[i]->d_name;
		size_t len = strlen(nm);
		char path[4096];
		FILE *f;
		long sz;

		if (len < 5 || strcmp(nm + len - 4, ".dtp") != 0 ||
		    ncorpus == MAXCORPUS) {
			free(ents[i]);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, nm);
		f = fopen(path, "rb");
		if (f != NULL && fseek(f, 0, SEEK_END) == 0 &&
		    (sz = ftell(f)) >= (long)sizeof(struct dtrace_prog_hdr) &&
		    sz < (long)ARENA / 2) {
			struct blob *b = &corpus[ncorpus];

			rewind(f);
			b->data = malloc(sz);
			b->size = sz;
			if (b->data && fread(b->data, 1, sz, f) == (size_t)sz) {
				snprintf(b->name, sizeof(b->name), "%s", nm);
				ncorpus++;
			}
		}
		if (f)
			fclose(f);
		free(ents[i]);
	}
	free(ents);
	if (ncorpus == 0) {
		fprintf(stderr, "ioctl_fuzz: no *.dtp containers in %s\n", dir);
		return -1;
	}
	return 0;
}

/*
 * Puts a blob in the arena: mostly at its start, sometimes flush against
 * the guard page, so a size past the blob faults (EFAULT) instead of
 * reading our own memory.
 */
static uint8_t *place(struct rng *r, const uint8_t *data, size_t size)
{
	uint8_t *p = arena;

	if (size > ARENA)
		size = ARENA;
	if (rng_below(r, 4) == 0)
		p = arena + ((ARENA - size) & ~(size_t)7);
	memcpy(p, data, size);
	return p;
}

/* A pointer the module must not trust. */
static void *bad_pointer(struct rng *r)
{
	static const uintptr_t bad[] = {
		0,
		1,
		0x1000,
		0xffffffff81000000ull,
		0xffff888000000000ull,
		0x7ffffffff000ull,
		(uintptr_t)-1,
		(uintptr_t)-4096,
	};
	if (rng_below(r, 3) == 0)
		return arena + ARENA; /* the guard page */
	return (void *)bad[rng_below(r, sizeof(bad) / sizeof(bad[0]))];
}

/* ---- helper blobs: one provider, probes on our own text ---- */

/* A call site the helper blob points at: somewhere executable of ours. */
__attribute__((noinline)) void ioctl_fuzz_site(void)
{
	__asm__ volatile("nop; nop; nop; nop");
}

static size_t helper_blob(struct rng *r, uint8_t *out, size_t cap)
{
	static const char strs[] = "\0fuzzp\0site\0p0\0p1\0int;char *\0";
	struct dtrace_prog_hdr *h = (struct dtrace_prog_hdr *)out;
	struct dtrace_prog_provider *pv;
	struct dtrace_prog_usdt *u;
	uint64_t *offs;
	size_t off = sizeof(*h), need;
	unsigned nprobe = 1 + rng_below(r, 2);

	need = sizeof(*h) + 64 + sizeof(*pv) + 2 * sizeof(*u) + 16;
	if (cap < need)
		return 0;
	memset(out, 0, need);
	h->dtph_magic = DTRACE_PROG_MAGIC;
	h->dtph_version = DTRACE_PROG_VERSION;
	h->dtph_hdrsize = sizeof(*h);
	h->dtph_flags = DTRACE_PROGF_HELPER;
	h->dtph_difvers = DTRACE_DIF_VERSION;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_count = sizeof(strs);
	memcpy(out + off, strs, sizeof(strs));
	off = (off + sizeof(strs) + 7) & ~(size_t)7;
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_count = 1;
	pv = (struct dtrace_prog_provider *)(out + off);
	pv->dtpv_name = 1;
	pv->dtpv_usdt = 0;
	pv->dtpv_nusdt = nprobe;
	off += sizeof(*pv);
	h->dtph_tab[DTRACE_PT_USDT].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_USDT].dtpt_count = nprobe;
	u = (struct dtrace_prog_usdt *)(out + off);
	for (unsigned i = 0; i < nprobe; i++) {
		u[i].dtpu_func = 7;
		u[i].dtpu_name = i == 0 ? 12 : 15;
		u[i].dtpu_nargs = 2;
		u[i].dtpu_argtypes = 18;
		u[i].dtpu_offs = 0;
		u[i].dtpu_noffs = 1;
		u[i].dtpu_enoffs = 1;
		u[i].dtpu_nenoffs = 0;
	}
	off += nprobe * sizeof(*u);
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_count = 2;
	offs = (uint64_t *)(out + off);
	offs[0] = (uintptr_t)ioctl_fuzz_site;
	offs[1] = (uintptr_t)ioctl_fuzz_site + 1;
	off += 16;
	h->dtph_size = off;
	return off;
}

/* ---- the operations ---- */

static uint64_t gens[64];
static unsigned ngens;

static void op_helper(struct rng *r, int fd)
{
	static uint8_t buf[4096];
	struct dtrace_helper hp;
	size_t size = helper_blob(r, buf, sizeof(buf));
	uint8_t *p;
	int err;

	if (rng_below(r, 4) != 0)
		size = mutate_container(r, buf, size, sizeof(buf),
					1 + rng_below(r, 3));
	p = place(r, buf, size);
	memset(&hp, 0, sizeof(hp));
	hp.dthp_prog = (uintptr_t)p;
	hp.dthp_size = size;
	switch (rng_below(r, 8)) {
	case 0:
		hp.dthp_size = rng_interesting(r, size);
		break;
	case 1:
		hp.dthp_base = rng_interesting(r, 0);
		break;
	case 2:
		memset(hp.dthp_mod, 'm', sizeof(hp.dthp_mod));
		break;
	case 3:
		hp.dthp_prog = (uintptr_t)bad_pointer(r);
		break;
	default:
		break;
	}
	if (hp.dthp_mod[0] == 0)
		snprintf(hp.dthp_mod, sizeof(hp.dthp_mod), "ioctl_fuzz");
	trace_op(" helper blob %zu bytes\n", size);
	err = call(fd, DTRACEHIOC_ADDPROG,
		   rng_below(r, 20) == 0 ? bad_pointer(r) : &hp);
	if (err == 0 && ngens < 64)
		gens[ngens++] = hp.dthp_gen;
	if (ngens > 0 && rng_below(r, 2) == 0) {
		memset(&hp, 0, sizeof(hp));
		hp.dthp_gen = gens[--ngens];
		call(fd, DTRACEHIOC_REMOVE, &hp);
	}
	if (rng_below(r, 4) == 0) {
		memset(&hp, 0, sizeof(hp));
		hp.dthp_gen = rng_interesting(r, 1);
		call(fd, DTRACEHIOC_REMOVE, &hp);
	}
}

static void op_desc(struct rng *r, int fd, unsigned long cmd)
{
	/* The header and up to 64 records; capacity forged around it. */
	static uint64_t buf[(24 + 64 * 40) / 8 + 1];
	struct dtrace_epdesc *d = (struct dtrace_epdesc *)buf;
	void *arg = d;

	memset(buf, 0, sizeof(buf));
	d->dtepd_epid = rng_below(r, 2) ? rng_below(r, 8) :
					  (uint32_t)rng_interesting(r, 1);
	d->dtepd_nrecs = rng_below(r, 2) ? rng_below(r, 65) :
					   (uint32_t)rng_interesting(r, 64);
	/* A capacity beyond our buffer must fault, not scribble: put the
	 * structure against the guard page. */
	if (d->dtepd_nrecs > 64 || rng_below(r, 8) == 0) {
		size_t n = 24 + 64 * 40;
		uint8_t *p = arena + ARENA - n;

		memcpy(p, buf, n);
		arg = p;
	}
	call(fd, cmd, rng_below(r, 30) == 0 ? bad_pointer(r) : arg);
}

static void op_format(struct rng *r, int fd)
{
	static char s[512];
	struct dtrace_fmtdesc f = { 0 };

	f.dtfd_id = rng_below(r, 2) ? rng_below(r, 6) :
				      (uint32_t)rng_interesting(r, 1);
	f.dtfd_string = (uintptr_t)s;
	f.dtfd_length = rng_below(r, 2) ?
				rng_below(r, sizeof(s)) :
				(uint32_t)rng_interesting(r, sizeof(s));
	if (f.dtfd_length > sizeof(s) || rng_below(r, 8) == 0)
		f.dtfd_string = (uintptr_t)(rng_below(r, 2) ?
						    arena + ARENA - 1 :
						    bad_pointer(r));
	call(fd, DTRACEIOC_FORMAT, &f);
}

static void op_snap(struct rng *r, int fd, unsigned long cmd)
{
	struct dtrace_bufdesc d = { 0 };

	d.dtbd_cpu = rng_below(r, 4) ? rng_below(r, 3) :
				       (uint32_t)rng_interesting(r, 1);
	d.dtbd_size = rng_below(r, 2) ? ARENA : rng_interesting(r, 4096);
	d.dtbd_data = (uintptr_t)arena;
	/* Larger than the arena: the copy would run into the guard page. */
	if (d.dtbd_size > ARENA || rng_below(r, 10) == 0)
		d.dtbd_data = (uintptr_t)(rng_below(r, 2) ? arena + ARENA - 64 :
							    bad_pointer(r));
	call(fd, cmd, rng_below(r, 30) == 0 ? bad_pointer(r) : &d);
}

static void op_probe(struct rng *r, int fd)
{
	static const char *pats[] = { "",
				      "*",
				      "BEGIN",
				      "dtrace",
				      "syscall",
				      "fbt",
				      "sched",
				      "?*[!a-z]*",
				      "\\",
				      "[",
				      "**********************",
				      "profile" };
	struct dtrace_probematch m;
	struct dtrace_argdesc a;

	memset(&m, 0, sizeof(m));
	snprintf(m.dtpm_pattern.dtpd_provider, DTRACE_PROVNAMELEN, "%s",
		 pats[rng_below(r, 12)]);
	snprintf(m.dtpm_pattern.dtpd_name, DTRACE_NAMELEN, "%s",
		 pats[rng_below(r, 12)]);
	if (rng_below(r, 4) == 0) /* unterminated field */
		memset(m.dtpm_pattern.dtpd_func, '*', DTRACE_FUNCNAMELEN);
	if (rng_below(r, 4) == 0)
		m.dtpm_pattern.dtpd_id = (uint32_t)rng_interesting(r, 1);
	m.dtpm_start = rng_below(r, 2) ? 0 : (uint32_t)rng_interesting(r, 1);
	call(fd, DTRACEIOC_PROBEMATCH, &m);
	memset(&a, 0, sizeof(a));
	a.dtargd_id = rng_below(r, 2) ? rng_below(r, 2000) :
					(uint32_t)rng_interesting(r, 1);
	a.dtargd_ndx = rng_below(r, 2) ? rng_below(r, 12) :
					 (uint32_t)rng_interesting(r, 1);
	call(fd, DTRACEIOC_PROBEARG,
	     rng_below(r, 30) == 0 ? bad_pointer(r) : &a);
}

static void op_misc(struct rng *r, int fd)
{
	struct dtrace_status s;
	struct dtrace_go g;
	struct dtrace_conf c;

	switch (rng_below(r, 6)) {
	case 0:
		call(fd, DTRACEIOC_STATUS,
		     rng_below(r, 4) ? (void *)&s : bad_pointer(r));
		break;
	case 1:
		call(fd, DTRACEIOC_CONF,
		     rng_below(r, 4) ? (void *)&c : bad_pointer(r));
		break;
	case 2:
		call(fd, DTRACEIOC_STOP, &g);
		break;
	case 3: {
		/* Our magic, any number, direction and size. */
		unsigned long cmd = _IOC(rng_below(r, 4), DTRACE_IOC_MAGIC,
					 rng_below(r, 64), rng_below(r, 1024));
		if (callinfo(cmd) == NULL)
			call(fd, cmd, arena);
		break;
	}
	case 4:
		op_format(r, fd);
		break;
	default:
		op_probe(r, fd);
		break;
	}
}

/* An ENABLE of a mutated corpus container, then calls on the state. */
static void op_enable(struct rng *r, int fd, bool fresh)
{
	const char *known;
	const struct blob *b = &corpus[rng_below(r, ncorpus)];
	static uint8_t work[ARENA / 2];
	struct dtrace_enable en;
	struct dtrace_go g;
	size_t size;
	uint8_t *p;
	int err, nmut = rng_below(r, 5);

	memcpy(work, b->data, b->size);
	size = mutate_container(r, work, b->size, sizeof(work), nmut);
	known = known_bug(work, size);
	p = place(r, work, size);
	memset(&en, 0, sizeof(en));
	en.dten_prog = (uintptr_t)p;
	en.dten_size = size;
	if (rng_below(r, 16) == 0)
		en.dten_size = rng_interesting(r, size);
	if (rng_below(r, 40) == 0)
		en.dten_prog = (uintptr_t)bad_pointer(r);
	trace_op(" %s, %d mutations, %zu bytes\n", b->name, nmut, size);
	err = call(fd, DTRACEIOC_ENABLE, &en);
	if (err == 0 && en.dten_msg[0] != 0)
		finding("ENABLE succeeded with a message: %.128s", en.dten_msg);
	if (err == 0 && nmut == 0 && en.dten_nprobes == 0)
		finding("ENABLE of %s created no ECB", b->name);
	if (err != 0 && !unpriv && fresh && nmut == 0 && en.dten_size == size &&
	    en.dten_prog == (uintptr_t)p && err != EBUSY)
		finding("valid %s refused: %s: %.128s", b->name, strerror(err),
			en.dten_msg);
	/* Calls on the state, in any order, GO and STOP included. */
	for (unsigned i = 0, n = rng_below(r, 8); i < n; i++) {
		switch (rng_below(r, 9)) {
		case 0:
			op_desc(r, fd, DTRACEIOC_EPDESC);
			break;
		case 1:
			op_desc(r, fd, DTRACEIOC_AGGDESC);
			break;
		case 2:
			op_format(r, fd);
			break;
		case 3:
		case 4:
			if (known != NULL) {
				trace_op("  GO skipped: %s\n", known);
				break;
			}
			call(fd, DTRACEIOC_GO,
			     rng_below(r, 20) ? (void *)&g : bad_pointer(r));
			getppid(); /* syscall probes of the corpus */
			break;
		case 5:
			op_snap(r, fd, DTRACEIOC_BUFSNAP);
			break;
		case 6:
			op_snap(r, fd, DTRACEIOC_AGGSNAP);
			break;
		case 7:
			op_misc(r, fd);
			break;
		default:
			call(fd, DTRACEIOC_STOP, &g);
			break;
		}
	}
}

static uint64_t taint(void)
{
	FILE *f = fopen("/proc/sys/kernel/tainted", "r");
	unsigned long long t = 0;

	if (f) {
		if (fscanf(f, "%llu", &t) != 1)
			t = 0;
		fclose(f);
	}
	return t;
}

/* After the run: a valid program still enables, runs and stops. */
static void check_alive(void)
{
	struct dtrace_enable en;
	struct dtrace_go g;
	struct dtrace_status s;
	int fd = open("/dev/dtrace", O_RDWR);

	cur_input = ~0ull;
	if (fd < 0) {
		finding("cannot open /dev/dtrace afterwards: %s",
			strerror(errno));
		return;
	}
	memset(&en, 0, sizeof(en));
	memcpy(arena, corpus[0].data, corpus[0].size);
	en.dten_prog = (uintptr_t)arena;
	en.dten_size = corpus[0].size;
	if (ioctl(fd, DTRACEIOC_ENABLE, &en) != 0 ||
	    ioctl(fd, DTRACEIOC_GO, &g) != 0 ||
	    ioctl(fd, DTRACEIOC_STATUS, &s) != 0 ||
	    ioctl(fd, DTRACEIOC_STOP, &g) != 0)
		finding("%s no longer runs afterwards: %s %.128s",
			corpus[0].name, strerror(errno), en.dten_msg);
	close(fd);
}

/*
 * --replay FILE: one container, run straight through (ENABLE, GO, the
 * syscall the corpus traces, STATUS, snapshots of every CPU, STOP); for a
 * minimised finding. Exit status 0 when every call succeeded.
 */
static int replay(const char *path)
{
	struct dtrace_enable en;
	struct dtrace_bufdesc d;
	struct dtrace_status s;
	struct dtrace_conf c;
	struct dtrace_go g;
	FILE *f = fopen(path, "rb");
	size_t n;
	int fd, bad = 0;

	if (f == NULL) {
		perror(path);
		return 2;
	}
	n = fread(arena, 1, ARENA, f);
	fclose(f);
	fd = open("/dev/dtrace", O_RDWR);
	if (fd < 0 || ioctl(fd, DTRACEIOC_CONF, &c) != 0) {
		perror("/dev/dtrace");
		return 2;
	}
	verbose = 1;
	memset(&en, 0, sizeof(en));
	en.dten_prog = (uintptr_t)arena;
	en.dten_size = n;
	if (call(fd, DTRACEIOC_ENABLE, &en) != 0) {
		printf("ENABLE: %.128s\n", en.dten_msg);
		return 1;
	}
	bad |= call(fd, DTRACEIOC_GO, &g);
	getppid();
	bad |= call(fd, DTRACEIOC_STATUS, &s);
	for (uint32_t cpu = 0; cpu < c.dtc_maxcpu; cpu++) {
		memset(&d, 0, sizeof(d));
		d.dtbd_cpu = cpu;
		d.dtbd_size = ARENA;
		d.dtbd_data = (uintptr_t)arena;
		if (call(fd, DTRACEIOC_BUFSNAP, &d) == 0)
			printf("cpu %u: %llu bytes of records", cpu,
			       (unsigned long long)d.dtbd_size);
		d.dtbd_size = ARENA;
		if (call(fd, DTRACEIOC_AGGSNAP, &d) == 0)
			printf(", %llu of aggregations",
			       (unsigned long long)d.dtbd_size);
		printf("\n");
	}
	bad |= call(fd, DTRACEIOC_STOP, &g);
	close(fd);
	return bad || findings ? 1 : 0;
}

static int drop_privileges(void)
{
	if (setgroups(0, NULL) != 0 || setgid(65534) != 0 ||
	    setuid(65534) != 0) {
		fprintf(stderr, "ioctl_fuzz: cannot drop to uid 65534: %s\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: ioctl_fuzz [--seed N] [--count M] "
			"[--corpus DIR] [--unpriv] [--only I] [--slow SECS]\n"
			"                  [--max-time SECS] [-v]\n"
			"       ioctl_fuzz --replay FILE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, count = 1000, only = ~0ull, first, last;
	const char *dir = NULL, *replay_file = NULL;
	uint64_t taint0;
	double t0, max_time = 0;
	int fd = -1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-v")) {
			verbose = 1;
			continue;
		}
		if (!strcmp(a, "--unpriv")) {
			unpriv = 1;
			continue;
		}
		if (v == NULL)
			usage();
		if (!strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0);
		else if (!strcmp(a, "--count"))
			count = strtoull(v, NULL, 0);
		else if (!strcmp(a, "--only"))
			only = strtoull(v, NULL, 0);
		else if (!strcmp(a, "--corpus"))
			dir = v;
		else if (!strcmp(a, "--replay"))
			replay_file = v;
		else if (!strcmp(a, "--slow"))
			slow_secs = atof(v);
		else if (!strcmp(a, "--max-time"))
			max_time = atof(v);
		else
			usage();
		i++;
	}
	arena = mmap(NULL, ARENA + 4096, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (arena == MAP_FAILED || mprotect(arena + ARENA, 4096, PROT_NONE))
		return 2;
	if (replay_file != NULL)
		return replay(replay_file);
	if (load_corpus(dir != NULL ? dir : CORPUS_DIR) != 0)
		return 2;
	if (unpriv && drop_privileges() != 0)
		return 2;
	setvbuf(stdout, NULL, _IOLBF, 0);
	first = only != ~0ull ? only : 0;
	last = only != ~0ull ? only + 1 : count;
	printf("ioctl_fuzz: seed %llu, inputs %llu..%llu, corpus %u "
	       "containers%s\n",
	       (unsigned long long)seed, (unsigned long long)first,
	       (unsigned long long)last - 1, ncorpus,
	       unpriv ? ", unprivileged (uid 65534)" : "");
	taint0 = taint();
	t0 = now();
	for (cur_input = first; cur_input < last; cur_input++) {
		if (max_time > 0 && now() - t0 > max_time) {
			/* A slow (busy) machine: stop early, say so. */
			printf("ioctl_fuzz: --max-time %.0f s reached\n",
			       max_time);
			last = cur_input;
			break;
		}
		struct rng r;
		unsigned op;
		bool fresh;

		rng_init(&r, seed, cur_input);
		/* A fresh state most of the time; a reused one sometimes. */
		fresh = rng_below(&r, 4) != 0 ||
			fd < 0; /* always drawn: --only replays */
		if (fresh) {
			if (fd >= 0)
				close(fd);
			fd = open("/dev/dtrace", O_RDWR);
			if (fd < 0) {
				finding("open /dev/dtrace: %s",
					strerror(errno));
				break;
			}
		}
		op = rng_below(&r, 100);
		trace_op("input %llu op %u\n", (unsigned long long)cur_input,
			 op);
		if (op < (unpriv ? 20u : 55u))
			op_enable(&r, fd, fresh);
		else if (op < 75)
			op_helper(&r, fd);
		else if (op < 85)
			op_desc(&r, fd,
				op & 1 ? DTRACEIOC_EPDESC : DTRACEIOC_AGGDESC);
		else
			op_misc(&r, fd);
		if (taint() != taint0) {
			finding("kernel taint %llu -> %llu",
				(unsigned long long)taint0,
				(unsigned long long)taint());
			taint0 = taint();
		}
	}
	if (fd >= 0)
		close(fd);
	if (!unpriv)
		check_alive();
	printf("ioctl_fuzz: %llu inputs in %.1f s, %lu finding%s\n",
	       (unsigned long long)(last - first), now() - t0, findings,
	       findings == 1 ? "" : "s");
	return findings ? 1 : 0;
}

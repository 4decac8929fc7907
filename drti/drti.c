/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * drti: the run-time half of USDT, linked into an application as the
 * object `dtrace -G` writes. At load time its constructor walks this
 * object's probe-site records (section dtrace_usdt_sites, emitted by the
 * probe macros of usdt/dtrace_sdt.h and dtrace -h headers), builds a
 * DTRACE_PROGF_HELPER program from them and registers it with
 * DTRACEHIOC_ADDPROG, again in every child of fork; the destructor
 * removes it. Without /dev/dtrace it says nothing (DTRACE_DRTI_DEBUG=1
 * prints why) and tells the bpf backend's consumers, if any listen
 * (DTRACE_HELPER_SOCKDIR), of the object instead, at load and in every
 * child of fork; a registration the module refuses is reported once per
 * process.
 * It must not depend on anything but libc: it runs before main().
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "dtrace/ioctl.h"
#include "dtrace/prog.h"
#include "dtrace/version.h"
#include "dtrace_sdt.h"

/* Provided by the linker for the object drti is linked into. */
extern const struct dtrace_usdt_site __start_dtrace_usdt_sites[]
	__attribute__((weak, visibility("hidden")));
extern const struct dtrace_usdt_site __stop_dtrace_usdt_sites[]
	__attribute__((weak, visibility("hidden")));
extern const char __ehdr_start[] __attribute__((weak, visibility("hidden")));

static uint64_t drti_gen;

/*
 * One per linked object (weak and hidden: every copy of drti in an
 * executable or a shared object binds to the first one). A build may
 * link several -G objects into one program (one per provider file, as
 * qemu does), each with this code: the first constructor to run claims
 * the object's sites, the others leave them, or the module would refuse
 * every registration after the first (EEXIST). The headers dtrace -h
 * writes name it as an undefined symbol, so a static archive holding the
 * -G object gives it up to a program that links the archive's probes.
 */
int __dtrace_drti_once __attribute__((weak, visibility("hidden")));

/* The unit tests (test/usdt) call drti_build_program directly. */
#ifdef DRTI_TESTING
#define DRTI_API
#define DRTI_CTOR __attribute__((unused))
#define DRTI_DTOR __attribute__((unused))
#else
#define DRTI_API  static
#define DRTI_CTOR __attribute__((constructor))
#define DRTI_DTOR __attribute__((destructor))
#endif

/* What the module's refusals mean for the application (ioctl.md §6). */
static const char *drti_reason(int err)
{
	switch (err) {
	case E2BIG:
		return "the probe definitions are larger than a process may "
		       "register (helper limits, doc/limits.md)";
	case ENOSPC:
		return "this process, its user or all processes together "
		       "registered as many providers, probes or sites as "
		       "allowed";
	case EPERM:
		return "a provider name ends in a digit or is reserved (pid, "
		       "a kernel provider): the module appends the process id";
	case EEXIST:
		return "a probe of the same names is already registered for "
		       "this process";
	case EOPNOTSUPP:
		return "the module cannot create user probes";
	default:
		return NULL;
	}
}

/*
 * One refusal is reported per process, however many objects carry drti:
 * each object's copy of this flag is weak and exported, so the dynamic
 * linker binds them all to the first one.
 */
int __dtrace_drti_reported __attribute__((weak));

static int drti_debugging(void)
{
	const char *e = getenv("DTRACE_DRTI_DEBUG");

	return e != NULL && *e != '\0' && *e != '0';
}

/*
 * A registration the module refused: one line on stderr, once per
 * process (the application goes on untraced). The reason is the
 * module's errno as ioctl.md §6 gives it.
 */
static void drti_refused(const char *mod, int err)
{
	const char *why = drti_reason(err);

	if (__dtrace_drti_reported++ != 0 && !drti_debugging())
		return;
	fprintf(stderr,
		"dtrace: failed to register the USDT probes of %s: %s\n", mod,
		why != NULL ? why : strerror(err));
}

static void drti_debug(const char *what, int err)
{
	const char *why = drti_reason(err);

	if (!drti_debugging())
		return;
	if (why != NULL)
		fprintf(stderr, "dtrace drti: %s: %s (%s)\n", what, why,
			strerror(err));
	else
		fprintf(stderr, "dtrace drti: %s: %s\n", what, strerror(err));
}

DRTI_API int drti_site_cmp(const void *a, const void *b)
{
	const struct dtrace_usdt_site *x = *(const struct dtrace_usdt_site **)a;
	const struct dtrace_usdt_site *y = *(const struct dtrace_usdt_site **)b;
	int c = strcmp(x->dtus_provider, y->dtus_provider);

	if (c == 0)
		c = strcmp(x->dtus_name, y->dtus_name);
	if (c == 0)
		c = strcmp(x->dtus_func, y->dtus_func);
	return c;
}

/* Same probe (one USDT entry): provider, name and function agree. */
static int same_probe(const struct dtrace_usdt_site *x,
		      const struct dtrace_usdt_site *y)
{
	return y != NULL && drti_site_cmp(&x, &y) == 0;
}

struct drti_blob {
	char *strtab;
	uint32_t strlen;
};

static uint32_t add_str(struct drti_blob *b, const char *s, int dashes)
{
	uint32_t off = b->strlen;

	for (; *s != '\0'; s++) {
		if (dashes && s[0] == '_' && s[1] == '_') {
			b->strtab[b->strlen++] = '-'; /* DTrace: "__" -> "-" */
			s++;
		} else {
			b->strtab[b->strlen++] = *s;
		}
	}
	b->strtab[b->strlen++] = '\0';
	return off;
}

#define ALIGN8(x) (((x) + 7u) & ~7u)

/*
 * The helper program for n sites sorted by drti_site_cmp: one provider per
 * provider name, one USDT entry per (provider, name, function), every
 * site a call site; offsets relative to base.
 */
DRTI_API void *drti_build_program(const struct dtrace_usdt_site **s, size_t n,
				  uint64_t base, size_t *sizep)
{
	struct dtrace_prog_hdr *h;
	struct dtrace_prog_provider *pv;
	struct dtrace_prog_usdt *u;
	uint64_t *offs;
	struct drti_blob b = { NULL, 1 };
	size_t i, strmax = 1, nprov = 0, nusdt = 0;
	uint32_t off;
	char *blob;

	for (i = 0; i < n; i++) {
		strmax += strlen(s[i]->dtus_provider) +
			  strlen(s[i]->dtus_name) + strlen(s[i]->dtus_func) +
			  strlen(s[i]->dtus_argtypes) + 4;
		nprov += i == 0 || strcmp(s[i]->dtus_provider,
					  s[i - 1]->dtus_provider) != 0;
		nusdt += i == 0 || !same_probe(s[i], s[i - 1]);
	}
	off = ALIGN8(sizeof(*h));
	*sizep = off + ALIGN8(strmax) + nprov * sizeof(*pv) +
		 nusdt * sizeof(*u) + n * sizeof(*offs);
	blob = calloc(1, *sizep);
	if (blob == NULL)
		return NULL;
	h = (struct dtrace_prog_hdr *)blob;
	b.strtab = blob + off;
	pv = (struct dtrace_prog_provider *)(blob + off + ALIGN8(strmax));
	u = (struct dtrace_prog_usdt *)(pv + nprov);
	offs = (uint64_t *)(u + nusdt);
	nprov = nusdt = 0;
	for (i = 0; i < n; i++) {
		if (i == 0 ||
		    strcmp(s[i]->dtus_provider, s[i - 1]->dtus_provider) != 0) {
			pv[nprov].dtpv_name = add_str(&b, s[i]->dtus_provider,
						      0);
			pv[nprov++].dtpv_usdt = nusdt;
		}
		if (i == 0 || !same_probe(s[i], s[i - 1])) {
			u[nusdt].dtpu_func = add_str(&b, s[i]->dtus_func, 0);
			u[nusdt].dtpu_name = add_str(&b, s[i]->dtus_name, 1);
			u[nusdt].dtpu_argtypes = add_str(
				&b, s[i]->dtus_argtypes, 0);
			u[nusdt].dtpu_offs = i;
			nusdt++;
			pv[nprov - 1].dtpv_nusdt++;
		}
		/*
		 * A probe's sites may come from the header's macro (with the
		 * semaphore) and from DTRACE_PROBEn (without): any site's
		 * semaphore is the probe's.
		 */
		if (s[i]->dtus_semaphore != 0 &&
		    u[nusdt - 1].dtpu_semaphore == 0)
			u[nusdt - 1].dtpu_semaphore = s[i]->dtus_semaphore -
						      base;
		if (s[i]->dtus_nargs > u[nusdt - 1].dtpu_nargs)
			u[nusdt - 1].dtpu_nargs = (uint32_t)s[i]->dtus_nargs;
		u[nusdt - 1].dtpu_noffs++;
		offs[i] = s[i]->dtus_pc - base;
	}
	h->dtph_magic = DTRACE_PROG_MAGIC;
	h->dtph_version = DTRACE_PROG_VERSION;
	h->dtph_hdrsize = sizeof(*h);
	h->dtph_size = (uint32_t)*sizep;
	h->dtph_flags = DTRACE_PROGF_HELPER;
	h->dtph_difvers = DTRACE_DIF_VERSION;
	h->dtph_nregs = DIF_DIR_NREGS;
	h->dtph_ntregs = DIF_DTR_NREGS;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_count = b.strlen;
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_off = (uint32_t)((char *)pv -
							       blob);
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_count = (uint32_t)nprov;
	h->dtph_tab[DTRACE_PT_USDT].dtpt_off = (uint32_t)((char *)u - blob);
	h->dtph_tab[DTRACE_PT_USDT].dtpt_count = (uint32_t)nusdt;
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_off = (uint32_t)((char *)offs -
							     blob);
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_count = (uint32_t)n;
	return blob;
}

/* The probes' module field: this object's file name. */
static void object_name(char *out, size_t len)
{
	char path[4096] = "";
	const char *name;
	Dl_info info;
	ssize_t r;

	if (dladdr((void *)object_name, &info) != 0 && info.dli_fname != NULL)
		snprintf(path, sizeof(path), "%s", info.dli_fname);
	if (path[0] == '\0' &&
	    (r = readlink("/proc/self/exe", path, sizeof(path) - 1)) > 0)
		path[r] = '\0';
	name = strrchr(path, '/');
	snprintf(out, len, "%s", name != NULL ? name + 1 : path);
}

/* This object's program, kept for the children of fork (drti_child). */
static struct dtrace_helper drti_helper;
/* No /dev/dtrace: the bpf backend's consumers make the probes. */
static int drti_no_module;

/* At most this many consumers are told (and waited for) at each load. */
#define DRTI_MAX_CONSUMERS 16

/* Whether the listener connected on s runs as root or as this user. */
static int drti_peer_trusted(int s)
{
	struct ucred c;
	socklen_t len = sizeof(c);

	if (getsockopt(s, SOL_SOCKET, SO_PEERCRED, &c, &len) != 0)
		return 0;
	return c.uid == 0 || c.uid == geteuid();
}

/* Tells the consumer at socket name (in DTRACE_HELPER_SOCKDIR) of base. */
static void drti_tell(const char *name, uint64_t base)
{
	struct dtrace_helper_note note = { DTRACE_HELPER_NOTE_MAGIC, 0, base };
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	size_t dir = strlen(DTRACE_HELPER_SOCKDIR), len = strlen(name);
	struct pollfd p;
	char answer;
	int s;

	if (dir + 1 + len >= sizeof(a.sun_path))
		return;
	memcpy(a.sun_path, DTRACE_HELPER_SOCKDIR "/", dir + 1);
	memcpy(a.sun_path + dir + 1, name, len + 1);
	s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (s < 0)
		return;
	p.fd = s;
	p.events = POLLIN;
	/*
	 * A stale socket (its consumer gone) refuses the connection; a
	 * listener neither root nor this process's user is not waited for.
	 */
	if (connect(s, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    drti_peer_trusted(s) &&
	    send(s, &note, sizeof(note), MSG_NOSIGNAL) == sizeof(note)) {
		if (poll(&p, 1, DTRACE_HELPER_NOTE_WAIT) > 0)
			(void)!recv(s, &answer, 1, 0);
		else
			drti_debug("a bpf consumer did not answer", ETIMEDOUT);
	}
	close(s);
}

/*
 * Every bpf consumer listening (doc/bpf.md), one after another: each
 * answers once it armed this object's probes, so they fire from the
 * first site reached after this, as after the module's ADDPROG. Only
 * system calls (getdents64, not opendir()): it runs in the child of fork.
 */
static void drti_tell_consumers(uint64_t base)
{
	char buf[4096];
	long n, off;
	int told = 0;
	struct stat st;
	int fd = open(DTRACE_HELPER_SOCKDIR,
		      O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	/*
	 * Only root's directory, which no one else can write: a socket
	 * another user planted there would hold every start for the wait.
	 */
	if (fstat(fd, &st) != 0 || st.st_uid != 0 ||
	    (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
		drti_debug(DTRACE_HELPER_SOCKDIR " is not root's alone",
			   EACCES);
		close(fd);
		return;
	}
	while (told < DRTI_MAX_CONSUMERS &&
	       (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n && told < DRTI_MAX_CONSUMERS;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);

			if (d->d_type == DT_SOCK) {
				drti_tell(d->d_name, base);
				told++;
			}
			off += d->d_reclen;
		}
	}
	close(fd);
}

static void drti_register(void)
{
	struct dtrace_helper h = drti_helper;
	int fd = open(DTRACE_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		drti_debug("open " DTRACE_DEVICE, errno);
	else if (ioctl(fd, DTRACEHIOC_ADDPROG, &h) != 0)
		drti_refused(h.dthp_mod, errno);
	else
		drti_gen = h.dthp_gen;
	if (fd >= 0)
		close(fd);
	else
		drti_no_module = 1;
	drti_tell_consumers(h.dthp_base);
}

/*
 * A child of fork has none of its parent's probes (the module gives
 * registrations to one process): it registers the same program again,
 * as provider<childpid>, so servers that fork workers (PostgreSQL's
 * backends) can be traced. Only system calls here: the child of a
 * threaded process may call nothing else safely.
 */
static void drti_child(void)
{
	drti_gen = 0;
	drti_register();
}

DRTI_CTOR static void drti_init(void)
{
	const struct dtrace_usdt_site *first = __start_dtrace_usdt_sites;
	size_t i, size,
		n = first ? (size_t)(__stop_dtrace_usdt_sites - first) : 0;
	const struct dtrace_usdt_site **sorted;
	struct dtrace_helper *h = &drti_helper;
	void *prog = NULL;

	if (n == 0 || __dtrace_drti_once++ != 0)
		return;
	sorted = malloc(n * sizeof(*sorted));
	if (sorted == NULL)
		return;
	for (i = 0; i < n; i++)
		sorted[i] = &first[i];
	qsort(sorted, n, sizeof(*sorted), drti_site_cmp);
	memset(h, 0, sizeof(*h));
	h->dthp_base = (uintptr_t)__ehdr_start;
	prog = drti_build_program(sorted, n, h->dthp_base, &size);
	free(sorted);
	if (prog == NULL)
		return;
	h->dthp_prog = (uintptr_t)prog;
	h->dthp_size = size;
	object_name(h->dthp_mod, sizeof(h->dthp_mod));
	drti_register();
	if ((drti_gen != 0 || drti_no_module) &&
	    pthread_atfork(NULL, NULL, drti_child) == 0)
		return; /* prog stays for the children */
	free(prog);
	h->dthp_prog = 0;
}

DRTI_DTOR static void drti_fini(void)
{
	struct dtrace_helper h;
	int fd;

	if (drti_gen == 0)
		return;
	memset(&h, 0, sizeof(h));
	h.dthp_gen = drti_gen;
	fd = open(DTRACE_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	if (ioctl(fd, DTRACEHIOC_REMOVE, &h) != 0)
		drti_debug("DTRACEHIOC_REMOVE", errno);
	close(fd);
	drti_gen = 0;
}

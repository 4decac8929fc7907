/*
 * Forges DTRACEHIOC_ADDPROG programs, as any (unprivileged) process may,
 * at and past each helper limit of limits.h; prints what the module
 * answers (ok or the errno's name). Built by the tst.helper_*.sh tests
 * with cc -I kernel/uapi. Modes:
 *   checks            every single-process limit and name rule
 *   hold N S [exec]   N probes of S sites each; prints the answer, stops
 *                     itself (SIGSTOP), then exits or execs sleep
 *   cycle N C         registers N probes and removes them, C times
 *   cyclenew N C      the same, each cycle's probes with new names
 *   open N            opens /dev/dtrace N more times (the soft file
 *                     limit raised to the hard one), stops itself, then
 *                     closes them all
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dtrace/ioctl.h"
#include "dtrace/limits.h"
#include "dtrace/prog.h"

static int dev = -1;

/* The one site every probe points at: an instruction of this file. */
__attribute__((noinline)) void forge_site(void)
{
	__asm__ volatile("nop");
}

struct forge {
	const char *name; /* provider name; NULL: "forge" + letters */
	unsigned nprov, nprobe, nsite; /* nprobe and nsite per provider/probe */
	size_t argtypes;	       /* bytes of the argument-type string */
	size_t pad;		       /* extra strtab bytes */
	unsigned first;		       /* probe names from f<first> */
};

#define ALIGN8(x) (((x) + 7) & ~(size_t)7)

static void *build(const struct forge *f, size_t *sizep)
{
	unsigned np = f->nprov * f->nprobe, i, j;
	size_t strmax = 1 + f->argtypes + 1 + f->pad +
			f->nprov * (DTRACE_PROVNAMELEN + 1) + np * 16;
	size_t off = ALIGN8(sizeof(struct dtrace_prog_hdr));
	size_t pvoff = off + ALIGN8(strmax);
	size_t uoff = pvoff + f->nprov * sizeof(struct dtrace_prog_provider);
	size_t ooff = uoff + np * sizeof(struct dtrace_prog_usdt);
	size_t size = ooff + f->nsite * sizeof(uint64_t);
	char *b = calloc(1, size), *str;
	struct dtrace_prog_hdr *h = (void *)b;
	struct dtrace_prog_provider *pv = (void *)(b + pvoff);
	struct dtrace_prog_usdt *u = (void *)(b + uoff);
	uint64_t *offs = (void *)(b + ooff);
	uint32_t len = 1, types;

	if (b == NULL)
		exit(2);
	str = b + off;
	types = len;
	memset(str + len, 'x', f->argtypes);
	len += f->argtypes + 1 + f->pad;
	for (i = 0; i < f->nsite; i++)
		offs[i] = (uint64_t)(uintptr_t)forge_site;
	for (i = 0; i < f->nprov; i++) {
		pv[i].dtpv_name = len;
		if (f->name != NULL)
			len += sprintf(str + len, "%s", f->name) + 1;
		else
			len += sprintf(str + len, "forge%c%c", 'a' + i / 26,
				       'a' + i % 26) +
			       1;
		pv[i].dtpv_usdt = i * f->nprobe;
		pv[i].dtpv_nusdt = f->nprobe;
		for (j = 0; j < f->nprobe; j++) {
			struct dtrace_prog_usdt *p = &u[i * f->nprobe + j];

			p->dtpu_func = len;
			len += sprintf(str + len, "f%u", f->first + j) + 1;
			p->dtpu_name = p->dtpu_func; /* f<j>:f<j> */
			p->dtpu_argtypes = types;
			p->dtpu_noffs = f->nsite;
		}
	}
	h->dtph_magic = DTRACE_PROG_MAGIC;
	h->dtph_version = DTRACE_PROG_VERSION;
	h->dtph_hdrsize = sizeof(*h);
	h->dtph_size = (uint32_t)size;
	h->dtph_flags = DTRACE_PROGF_HELPER;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_off = off;
	h->dtph_tab[DTRACE_PT_STRTAB].dtpt_count = len;
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_off = pvoff;
	h->dtph_tab[DTRACE_PT_PROVIDERS].dtpt_count = f->nprov;
	h->dtph_tab[DTRACE_PT_USDT].dtpt_off = uoff;
	h->dtph_tab[DTRACE_PT_USDT].dtpt_count = np;
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_off = ooff;
	h->dtph_tab[DTRACE_PT_OFFSETS].dtpt_count = f->nsite;
	*sizep = size;
	return b;
}

static const char *ename(int err)
{
	switch (err) {
	case 0:
		return "ok";
	case E2BIG:
		return "E2BIG";
	case ENOSPC:
		return "ENOSPC";
	case EPERM:
		return "EPERM";
	case EEXIST:
		return "EEXIST";
	case EINVAL:
		return "EINVAL";
	case EFAULT:
		return "EFAULT";
	case ENOMEM:
		return "ENOMEM";
	default:
		return strerror(err);
	}
}

/* ADDPROG of a raw header; returns 0 or errno, *gen the generation. */
static int addprog(const void *prog, uint64_t size, uint64_t *gen)
{
	struct dtrace_helper h;

	memset(&h, 0, sizeof(h));
	h.dthp_prog = (uintptr_t)prog;
	h.dthp_size = size;
	strcpy(h.dthp_mod, "helper_forge");
	if (ioctl(dev, DTRACEHIOC_ADDPROG, &h) != 0)
		return errno;
	if (gen != NULL)
		*gen = h.dthp_gen;
	return 0;
}

static int add(const struct forge *f, uint64_t *gen)
{
	size_t size;
	void *b = build(f, &size);
	int err = addprog(b, size, gen);

	free(b);
	return err;
}

static int removegen(uint64_t gen)
{
	struct dtrace_helper h;

	memset(&h, 0, sizeof(h));
	h.dthp_gen = gen;
	return ioctl(dev, DTRACEHIOC_REMOVE, &h) != 0 ? errno : 0;
}

/* One check: prints "what: answer"; a registration made is removed. */
static void check(const char *what, const struct forge *f, uint64_t size)
{
	uint64_t gen = 0;
	size_t bsize;
	void *b = build(f, &bsize);
	int err = addprog(b, size != 0 ? size : bsize, &gen);

	printf("%s: %s\n", what, ename(err));
	if (err == 0)
		removegen(gen);
	free(b);
}

/* Registers a then b; prints b's answer; removes both. */
static void check_after(const char *what, const struct forge *a,
			const struct forge *b)
{
	uint64_t ga = 0, gb = 0;
	int err = add(a, &ga);

	if (err != 0) {
		printf("%s: first: %s\n", what, ename(err));
		return;
	}
	err = add(b, &gb);
	printf("%s: %s\n", what, ename(err));
	if (err == 0)
		removegen(gb);
	removegen(ga);
}

/*
 * One count of f at its per-process limit, past it, and at it with one
 * more probe of another provider registered after.
 */
static void at_limit(const char *what, struct forge *f, unsigned *count,
		     unsigned max)
{
	struct forge more = { "forgetwo", 1, 1, 1, 8, 0, 0 };
	char name[64];

	*count = max;
	snprintf(name, sizeof(name), "%s_max", what);
	check(name, f, 0);
	*count = max + 1;
	snprintf(name, sizeof(name), "%s_over", what);
	check(name, f, 0);
	*count = max;
	snprintf(name, sizeof(name), "%s_more", what);
	check_after(name, f, &more);
}

/* Provider names, each with the name of its check. */
static const struct {
	const char *name, *check;
} names[] = {
	{ "pid12", "name_pid12" },     { "pid", "name_pid" },
	{ "app7", "name_digit" },      { "fbt", "name_fbt" },
	{ "syscall", "name_syscall" }, { "a-b", "name_dash" },
	{ "_forge_2b", "name_ok" },
};

static void checks(void)
{
	struct forge one = { "forge", 1, 1, 1, 8, 0, 0 };
	struct forge f;
	uint64_t gens[DTRACE_HELPER_PROC_GENS];
	unsigned i, n = 0;
	int err = 0;

	check("valid", &one, 0);
	/* Sizes: refused before anything is allocated. */
	check("size_over", &one, DTRACE_HELPER_MAXSIZE + 1ull);
	check("size_progmax", &one, 64ull << 20);
	check("size_huge", &one, 1ull << 62);
	f = one;
	f.pad = 6u << 20; /* once copied whole and kstrdup'ed: a WARN */
	f.argtypes = 5u << 20;
	check("argtypes_huge", &f, 0);
	f = one;
	f.argtypes = DTRACE_HELPER_ARGTYPES_MAX - 1;
	check("argtypes_max", &f, 0);
	f.argtypes = DTRACE_HELPER_ARGTYPES_MAX;
	check("argtypes_over", &f, 0);
	/* Names: name<pid> is this process's alone. */
	f = one;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		f.name = names[i].name;
		check(names[i].check, &f, 0);
	}
	/* Counts per process, in one call and over two. */
	f = one;
	f.name = NULL;
	at_limit("provs", &f, &f.nprov, DTRACE_HELPER_PROC_PROVIDERS);
	f = one;
	at_limit("probes", &f, &f.nprobe, DTRACE_HELPER_PROC_PROBES);
	f = one;
	at_limit("sites", &f, &f.nsite, DTRACE_HELPER_PROC_SITES);
	check_after("exists", &one, &one);
	/* Bytes: long argument types on many probes, then many sites. */
	f = one;
	f.name = "forgetwo";
	f.nprobe = 8000;
	f.nsite = 0;
	f.argtypes = DTRACE_HELPER_ARGTYPES_MAX - 1;
	{
		struct forge s = { "forge", 1, 1, DTRACE_HELPER_PROC_SITES,
				   0,	    0, 0 };

		check_after("bytes_more", &f, &s);
	}
	/* Generations: empty programs count too. */
	f = one;
	f.nprobe = 0;
	f.nprov = 0;
	for (i = 0; i < DTRACE_HELPER_PROC_GENS && err == 0; i++)
		if ((err = add(&f, &gens[i])) == 0)
			n++;
	printf("gens_max: %s\n",
	       n == DTRACE_HELPER_PROC_GENS ? "ok" : ename(err));
	check("gens_more", &f, 0);
	for (i = 0; i < n; i++)
		removegen(gens[i]);
	check("gens_after_remove", &f, 0);
	printf("remove_unknown: %s\n", ename(removegen(1u << 30)));
}

int main(int argc, char **argv)
{
	dev = open(DTRACE_DEVICE, O_RDWR | O_CLOEXEC);
	if (dev < 0) {
		perror(DTRACE_DEVICE);
		return 2;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc == 2 && strcmp(argv[1], "checks") == 0) {
		checks();
	} else if (argc >= 4 && strcmp(argv[1], "hold") == 0) {
		struct forge f = { "forge", 1, 0, 0, 8, 0, 0 };

		f.nprobe = atoi(argv[2]);
		f.nsite = atoi(argv[3]);
		printf("hold: %s\n", ename(add(&f, NULL)));
		raise(SIGSTOP);
		if (argc == 5 && strcmp(argv[4], "exec") == 0) {
			execl("/bin/sleep", "sleep", "60", (char *)NULL);
			return 3;
		}
	} else if (argc == 4 && (strcmp(argv[1], "cycle") == 0 ||
				 strcmp(argv[1], "cyclenew") == 0)) {
		struct forge f = { "forge", 1, 0, 1, 8, 0, 0 };
		int c, cycles = atoi(argv[3]), err = 0;
		int renew = strcmp(argv[1], "cyclenew") == 0;
		uint64_t gen;

		f.nprobe = atoi(argv[2]);
		for (c = 0; c < cycles && err == 0;
		     c++, f.first += renew * f.nprobe)
			if ((err = add(&f, &gen)) == 0)
				err = removegen(gen);
		if (err != 0)
			printf("cycle %d: %s\n", c, ename(err));
		else
			printf("cycle: ok\n");
	} else if (argc == 3 && strcmp(argv[1], "open") == 0) {
		int i, n = atoi(argv[2]), *fds = calloc(n + 1, sizeof(int));
		struct rlimit rl;

		if (fds == NULL)
			return 2;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_NOFILE, &rl);
		}
		for (i = 0; i < n; i++)
			if ((fds[i] = open(DTRACE_DEVICE, O_RDWR)) < 0)
				break;
		if (i == n)
			printf("open: ok\n");
		else
			printf("open: %d of %d: %s\n", i, n, strerror(errno));
		raise(SIGSTOP);
		while (i-- > 0)
			close(fds[i]);
	} else {
		fprintf(stderr, "usage: helper_forge checks | hold N S [exec]"
				" | cycle N C | open N\n");
		return 2;
	}
	return 0;
}

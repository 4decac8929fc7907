// SPDX-License-Identifier: GPL-2.0
/*
 * upk_probe: drives the module's user-space probes for the guest tests
 * in test/d/upk (the D side is the real dtrace). x86-64 only.
 *
 *   upk_probe target [helper]   loop calling upk_add() with a USDT site
 *                               guarded by an is-enabled site and one by a
 *                               semaphore; "helper": register a helper
 *                               program (provider upkh<pid>) first, remove
 *                               it on SIGUSR1; exec sleep on SIGUSR2.
 *                               Prints "ready" when set up.
 *   upk_probe create PID KIND PROV FUNC NAME SYMBOL
 *                               DTRACEIOC_USERPROBE on SYMBOL of this
 *                               binary in PID; KIND entry|return|offset|
 *                               usdt|isenabled|sema. Prints the id.
 *   upk_probe errors PID        the error cases; prints one line each.
 *   upk_probe probeargs PROV NAME   PROBEARG of the first probe matching.
 *   upk_probe bench N           after a line on stdin, calls upk_add() N
 *                               times; prints the nanoseconds per call.
 *
 * File offsets come from this process's own mappings: the target runs
 * the same binary.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "dtrace/ioctl.h"
#include "dtrace/prog.h"
#include "dtrace/version.h"

#include "../bench/bench_loop.h"
#include "dev_open.h"

#define UPK_NOINLINE __attribute__((noinline, used))

/* A uint16_t semaphore in a file-backed data section (not .bss). */
volatile uint16_t upk_sema __attribute__((section(".data.upk"))) = 0;
static volatile int upk_sink;
static volatile sig_atomic_t upk_remove, upk_exec;

UPK_NOINLINE long upk_add(long a, long b)
{
	upk_sink++;
	return a + b + 7;
}

/* An is-enabled site: the module makes %eax 1 at the nop. */
static __attribute__((noinline)) int upk_enabled(void)
{
	int r;

	__asm__ volatile("xorl %%eax, %%eax\n"
			 ".globl upk_isen_site\nupk_isen_site: nop\n"
			 : "=a"(r));
	return r;
}

/* A USDT site: arg0 in %edi (signed 32), arg1 at 0(%rsi) (16 bits). */
static __attribute__((noinline)) void upk_site(int x, const uint16_t *mem)
{
	__asm__ volatile(".globl upk_usdt_site\nupk_usdt_site: nop\n"
			 :
			 : "D"(x), "S"(mem)
			 : "memory");
}

static __attribute__((noinline)) void upk_sema_fire(int x)
{
	__asm__ volatile(".globl upk_sema_site\nupk_sema_site: nop\n"
			 :
			 : "D"(x)
			 : "memory");
}

extern char upk_isen_site[], upk_usdt_site[], upk_sema_site[];

/* File offset of addr in this process's mappings; -1 if unmapped. */
static long long upk_fileoff(const void *addr)
{
	unsigned long long start, end, off;
	char line[512];
	long long r = -1;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f != NULL && r < 0 && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%llx-%llx %*s %llx", &start, &end, &off) ==
			    3 &&
		    (uintptr_t)addr >= start && (uintptr_t)addr < end)
			r = (long long)((uintptr_t)addr - start + off);
	if (f != NULL)
		fclose(f);
	return r;
}

/* --- the helper program: provider upkh, probe main:tick at the USDT site */

struct upk_helper {
	struct dtrace_prog_hdr hdr;
	char str[64];
	struct dtrace_prog_provider prov;
	struct dtrace_prog_usdt usdt;
	uint64_t offs[2];
};

static void upk_helper_build(struct upk_helper *h)
{
	static const char str[] = "\0upkh\0main\0tick\0int;uint16_t *";

	memset(h, 0, sizeof(*h));
	h->hdr.dtph_magic = DTRACE_PROG_MAGIC;
	h->hdr.dtph_version = DTRACE_PROG_VERSION;
	h->hdr.dtph_hdrsize = sizeof(h->hdr);
	h->hdr.dtph_size = sizeof(*h);
	h->hdr.dtph_flags = DTRACE_PROGF_HELPER;
	h->hdr.dtph_difvers = DTRACE_DIF_VERSION;
	memcpy(h->str, str, sizeof(str));
	h->hdr.dtph_tab[DTRACE_PT_STRTAB].dtpt_off = offsetof(struct upk_helper,
							      str);
	h->hdr.dtph_tab[DTRACE_PT_STRTAB].dtpt_count = sizeof(h->str);
	h->hdr.dtph_tab[DTRACE_PT_PROVIDERS].dtpt_off = offsetof(
		struct upk_helper, prov);
	h->hdr.dtph_tab[DTRACE_PT_PROVIDERS].dtpt_count = 1;
	h->hdr.dtph_tab[DTRACE_PT_USDT].dtpt_off = offsetof(struct upk_helper,
							    usdt);
	h->hdr.dtph_tab[DTRACE_PT_USDT].dtpt_count = 1;
	h->hdr.dtph_tab[DTRACE_PT_OFFSETS].dtpt_off = offsetof(
		struct upk_helper, offs);
	h->hdr.dtph_tab[DTRACE_PT_OFFSETS].dtpt_count = 2;
	h->prov.dtpv_name = 1;
	h->prov.dtpv_nusdt = 1;
	h->usdt.dtpu_func = 6;
	h->usdt.dtpu_name = 11;
	h->usdt.dtpu_nargs = 2;
	h->usdt.dtpu_argtypes = 16;
	h->usdt.dtpu_offs = 0;
	h->usdt.dtpu_noffs = 1;
	h->usdt.dtpu_enoffs = 1;
	h->usdt.dtpu_nenoffs = 1;
	/* Base 0: the offsets are run-time addresses. */
	h->offs[0] = (uintptr_t)upk_usdt_site;
	h->offs[1] = (uintptr_t)upk_isen_site;
}

static int upk_helper_ioctl(int fd, unsigned long cmd, struct upk_helper *h,
			    size_t size, const char *mod, uint64_t *gen)
{
	struct dtrace_helper dh;
	int r;

	memset(&dh, 0, sizeof(dh));
	dh.dthp_prog = (uintptr_t)h;
	dh.dthp_size = size;
	dh.dthp_gen = *gen;
	snprintf(dh.dthp_mod, sizeof(dh.dthp_mod), "%s", mod);
	r = ioctl(fd, cmd, &dh);
	*gen = dh.dthp_gen;
	return r;
}

static void on_usr1(int sig)
{
	(void)sig;
	upk_remove = 1;
}

static void on_usr2(int sig)
{
	(void)sig;
	upk_exec = 1;
}

static int run_target(int helper)
{
	static const uint16_t mem = 4242;
	struct upk_helper h;
	uint64_t gen = 0;
	int fd = -1, i;

	if (helper) {
		fd = dt_open();
		upk_helper_build(&h);
		if (upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h, sizeof(h),
				     "upk_probe", &gen) != 0) {
			perror("ADDPROG");
			return 1;
		}
		signal(SIGUSR1, on_usr1);
	}
	signal(SIGUSR2, on_usr2);
	printf("ready %llu\n", (unsigned long long)gen);
	fflush(stdout);
	for (i = 1;; i++) {
		upk_add(i, -2L * i);
		if (upk_enabled())
			upk_site(-i, &mem);
		if (upk_sema != 0)
			upk_sema_fire(i);
		if (upk_exec)
			execl("/bin/sleep", "sleep", "1000", (char *)NULL);
		if (upk_remove) {
			upk_remove = 0;
			printf("remove %d\n",
			       upk_helper_ioctl(fd, DTRACEHIOC_REMOVE, &h, 0,
						"", &gen) == 0 ?
				       0 :
				       errno);
			fflush(stdout);
		}
		usleep(20000);
	}
}

static const struct {
	const char *name;
	uint32_t kind;
} upk_kinds[] = {
	{ "entry", DTRACE_UP_ENTRY },
	{ "return", DTRACE_UP_RETURN },
	{ "offset", DTRACE_UP_OFFSET },
	{ "usdt", DTRACE_UP_USDT },
	{ "isenabled", DTRACE_UP_USDT_ENABLED },
	{ "sema", DTRACE_UP_USDT },
};

static const void *upk_symbol(const char *s)
{
	if (strcmp(s, "upk_add") == 0)
		return (const void *)upk_add;
	if (strcmp(s, "upk_usdt_site") == 0)
		return upk_usdt_site;
	if (strcmp(s, "upk_isen_site") == 0)
		return upk_isen_site;
	if (strcmp(s, "upk_sema_site") == 0)
		return upk_sema_site;
	return NULL;
}

static void upk_uarg(struct dtrace_uarg *a, int8_t size, uint8_t kind,
		     uint16_t reg, int64_t value)
{
	a->dtua_size = size;
	a->dtua_kind = kind;
	a->dtua_reg = reg;
	a->dtua_value = value;
}

#define REG(f) (offsetof(struct upk_regs, f) / 8)
/* x86-64 struct pt_regs, as uint64_t[] (dtua_reg indexes). */
struct upk_regs {
	uint64_t r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si,
		di, orig_ax, ip, cs, flags, sp, ss;
};

/* Fills u for kind on symbol; the sema kind also sets the semaphore. */
static int upk_fill(struct dtrace_userprobe *u, int pid, const char *kind,
		    const char *prov, const char *func, const char *name,
		    const char *sym)
{
	const void *addr = upk_symbol(sym);
	size_t i;

	memset(u, 0, sizeof(*u));
	for (i = 0; i < sizeof(upk_kinds) / sizeof(upk_kinds[0]); i++)
		if (strcmp(kind, upk_kinds[i].name) == 0)
			u->dtup_kind = upk_kinds[i].kind;
	if (u->dtup_kind == 0 || addr == NULL)
		return -1;
	u->dtup_pid = pid;
	u->dtup_offset = upk_fileoff(addr);
	snprintf(u->dtup_desc.dtpd_provider, sizeof(u->dtup_desc.dtpd_provider),
		 "%s%d", prov, pid);
	strcpy(u->dtup_desc.dtpd_mod, "upk_probe");
	snprintf(u->dtup_desc.dtpd_func, sizeof(u->dtup_desc.dtpd_func), "%s",
		 func);
	snprintf(u->dtup_desc.dtpd_name, sizeof(u->dtup_desc.dtpd_name), "%s",
		 name);
	snprintf(u->dtup_path, sizeof(u->dtup_path), "/proc/%d/exe", pid);
	if (strcmp(kind, "usdt") == 0) {
		u->dtup_nargs = 3;
		upk_uarg(&u->dtup_args[0], -4, DTRACE_UARG_REG, REG(di), 0);
		upk_uarg(&u->dtup_args[1], 2, DTRACE_UARG_MEM, REG(si), 0);
		upk_uarg(&u->dtup_args[2], 8, DTRACE_UARG_CONST, 0, 42);
	} else if (strcmp(kind, "sema") == 0) {
		u->dtup_nargs = 1;
		upk_uarg(&u->dtup_args[0], -4, DTRACE_UARG_REG, REG(di), 0);
		u->dtup_refctr = upk_fileoff((const void *)&upk_sema);
	}
	return 0;
}

static int create(int argc, char **argv)
{
	struct dtrace_userprobe u;
	int fd = dt_open();

	if (argc != 8 || upk_fill(&u, atoi(argv[2]), argv[3], argv[4], argv[5],
				  argv[6], argv[7]) != 0) {
		fprintf(stderr, "upk_probe: bad create arguments\n");
		return 2;
	}
	if (ioctl(fd, DTRACEIOC_USERPROBE, &u) != 0) {
		printf("error %s\n", strerrorname_np(errno));
		return 1;
	}
	printf("%u\n", u.dtup_desc.dtpd_id);
	return 0;
}

/* One line per case: "what: ok" or "what: EINVAL". */
static void expect(const char *what, int r)
{
	printf("%s: %s\n", what, r == 0 ? "ok" : strerrorname_np(errno));
}

static int errors(int pid)
{
	struct dtrace_userprobe u;
	struct upk_helper h;
	uint64_t gen = 0;
	int fd = dt_open();

	upk_fill(&u, pid, "entry", "upkerr", "upk_add", "entry", "upk_add");
	expect("valid", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	u.dtup_pid = 999999;
	expect("no such pid", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "entry", "upkerr", "upk_add", "entry", "upk_add");
	strcpy(u.dtup_path, "/nonexistent/upk");
	expect("no such path", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "entry", "upkerr", "upk_add", "entry", "upk_add");
	u.dtup_offset = 1ULL << 40;
	expect("offset past the end", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "entry", "upkerr", "upk_add", "entry", "upk_add");
	u.dtup_kind = 99;
	expect("bad kind", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "usdt", "upkerr", "main", "bad", "upk_usdt_site");
	u.dtup_args[1].dtua_size = 3;
	expect("uarg size 3", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "usdt", "upkerr", "main", "bad", "upk_usdt_site");
	u.dtup_args[0].dtua_reg = 500;
	expect("uarg register 500", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "usdt", "upkerr", "main", "bad", "upk_usdt_site");
	u.dtup_nargs = 11;
	expect("11 uargs", ioctl(fd, DTRACEIOC_USERPROBE, &u));
	upk_fill(&u, pid, "entry", "syscall", "upk_add", "entry", "upk_add");
	strcpy(u.dtup_desc.dtpd_provider, "syscall");
	expect("a kernel provider's name", ioctl(fd, DTRACEIOC_USERPROBE, &u));

	upk_helper_build(&h);
	h.hdr.dtph_magic = 0;
	expect("helper: bad magic", upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h,
						     sizeof(h), "m", &gen));
	upk_helper_build(&h);
	h.offs[0] = 16; /* not mapped */
	expect("helper: site not mapped",
	       upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h, sizeof(h), "m",
				&gen));
	upk_helper_build(&h);
	h.offs[0] = (uintptr_t)&upk_sema; /* not executable */
	expect("helper: site in data",
	       upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h, sizeof(h), "m",
				&gen));
	upk_helper_build(&h);
	h.usdt.dtpu_noffs = 5;
	expect("helper: offsets slice",
	       upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h, sizeof(h), "m",
				&gen));
	upk_helper_build(&h);
	expect("helper: too big",
	       upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h,
				DTRACE_PROG_MAXSIZE + 1, "m", &gen));
	gen = 12345;
	expect("helper: remove unknown generation",
	       upk_helper_ioctl(fd, DTRACEHIOC_REMOVE, &h, 0, "", &gen));
	upk_helper_build(&h);
	expect("helper: add", upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h,
					       sizeof(h), "m", &gen));
	expect("helper: same names again",
	       upk_helper_ioctl(fd, DTRACEHIOC_ADDPROG, &h, sizeof(h), "m",
				&gen));
	return 0;
}

/* The probe's native argument types, as PROBEARG reports them. */
static int probeargs(const char *prov, const char *name)
{
	struct dtrace_probematch m;
	struct dtrace_argdesc a;
	int fd = dt_open();
	uint32_t i;

	memset(&m, 0, sizeof(m));
	snprintf(m.dtpm_pattern.dtpd_provider, DTRACE_PROVNAMELEN, "%s", prov);
	snprintf(m.dtpm_pattern.dtpd_name, DTRACE_NAMELEN, "%s", name);
	if (ioctl(fd, DTRACEIOC_PROBEMATCH, &m) != 0) {
		printf("no probe %s:::%s\n", prov, name);
		return 1;
	}
	for (i = 0;; i++) {
		memset(&a, 0, sizeof(a));
		a.dtargd_id = m.dtpm_probe.dtpd_id;
		a.dtargd_ndx = i;
		if (ioctl(fd, DTRACEIOC_PROBEARG, &a) != 0)
			break;
		printf("args[%u]: %s (arg%u)\n", i, a.dtargd_native,
		       a.dtargd_mapping);
	}
	printf("%u arguments\n", i);
	return 0;
}

static int bench(long n)
{
	struct timespec a, b;
	long i;

	if (bench_go())
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		upk_add(i, i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	bench_ns(&a, &b, n);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "bench") == 0)
		return bench(atol(argv[2]));
	if (argc == 4 && strcmp(argv[1], "probeargs") == 0)
		return probeargs(argv[2], argv[3]);
	if (argc >= 2 && strcmp(argv[1], "target") == 0)
		return run_target(argc > 2 && strcmp(argv[2], "helper") == 0);
	if (argc >= 2 && strcmp(argv[1], "create") == 0)
		return create(argc, argv);
	if (argc == 3 && strcmp(argv[1], "errors") == 0)
		return errors(atoi(argv[2]));
	fprintf(stderr, "usage: upk_probe target [helper] | create ... | "
			"errors PID\n");
	return 2;
}

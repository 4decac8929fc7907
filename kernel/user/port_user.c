// SPDX-License-Identifier: GPL-2.0
/*
 * port.h for userspace: kernel/core built into libdtkcore.a for unit
 * tests, fuzzers and the in-process device. Memory is calloc; the
 * "nofault" loads read the process's own memory with process_vm_readv,
 * which reports unmapped addresses as EFAULT instead of crashing, and
 * refuse the first page and any range a test registered as faulting.
 * Single-threaded: the test drives CPUs by setting the current one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "core/port.h"
#include "dtrace/ustack.h"
#include "user/port_user.h"

#define MAX_FAULTS 32

static uint32_t cur_cpu;
static uint32_t n_cpus = 2;
static uint64_t fixed_time;
static char comm[DTRACE_COMMLEN];
static uint64_t nsyncs, nxcalls, nyields;
static uint64_t kill_after = ~0ull;
static struct {
	uintptr_t addr;
	size_t len;
	int err;
} faults[MAX_FAULTS];
static unsigned nfaults;
static const struct dtrace_user_task *task;

void dtrace_user_set_task(const struct dtrace_user_task *t)
{
	task = t;
}

void dtrace_user_set_ncpus(uint32_t n)
{
	n_cpus = n != 0 ? n : 1;
}
void dtrace_user_set_cpu(uint32_t cpu)
{
	cur_cpu = cpu;
}
void dtrace_user_set_time(uint64_t ns)
{
	fixed_time = ns;
}

static uint64_t cur_thread;

void dtrace_user_set_thread(uint64_t thread)
{
	cur_thread = thread;
}
uint64_t dtrace_user_syncs(void)
{
	return nsyncs;
}
uint64_t dtrace_user_xcalls(void)
{
	return nxcalls;
}
uint64_t dtrace_user_yields(void)
{
	return nyields;
}
void dtrace_user_kill_after(uint64_t n)
{
	kill_after = n;
}

/* A caller "killed" once kill_after yields have been made. */
bool dtrace_port_yield(void)
{
	return ++nyields > kill_after;
}

static uint64_t ntallies[DTRACE_STEP_NSTEPS];

void dtrace_port_tally(enum dtrace_tally what, uint64_t n)
{
	ntallies[what] += n;
}

uint64_t dtrace_user_tally(unsigned what)
{
	return ntallies[what];
}

void dtrace_user_set_comm(const char *c)
{
	strncpy(comm, c, sizeof(comm) - 1);
	comm[sizeof(comm) - 1] = '\0';
}

static int fault_add(uintptr_t addr, size_t len, int err)
{
	if (nfaults == MAX_FAULTS)
		return -ENOSPC;
	faults[nfaults].addr = addr;
	faults[nfaults].len = len;
	faults[nfaults].err = err;
	nfaults++;
	return 0;
}

int dtrace_user_fault_add(uintptr_t addr, size_t len)
{
	return fault_add(addr, len, -EFAULT);
}

int dtrace_user_priv_add(uintptr_t addr, size_t len)
{
	return fault_add(addr, len, -EPERM);
}

void dtrace_user_fault_clear(void)
{
	nfaults = 0;
}

static size_t alloc_limit;

void dtrace_user_set_alloc_limit(size_t bytes)
{
	alloc_limit = bytes;
}

void *dtrace_port_zalloc(size_t size)
{
	if (alloc_limit != 0 && size > alloc_limit)
		return NULL;
	return calloc(1, size != 0 ? size : 1);
}

void dtrace_port_free(void *p)
{
	free(p);
}

static uint64_t mem_budget = UINT64_MAX;

void dtrace_user_set_mem_budget(uint64_t bytes)
{
	mem_budget = bytes;
}

uint64_t dtrace_port_mem_budget(void)
{
	return mem_budget;
}

/*
 * A copy between this process's memory at local and at addr that
 * refuses unmapped memory (process_vm_readv/writev). Where a seccomp
 * filter forbids those calls, a plain copy: the callers have checked
 * the NULL page and wrap-around.
 */
static int vm_copy(void *local, uintptr_t addr, size_t n, bool write)
{
	struct iovec l = { local, n }, r = { (void *)addr, n };
	ssize_t got = write ? process_vm_writev(getpid(), &l, 1, &r, 1, 0) :
			      process_vm_readv(getpid(), &l, 1, &r, 1, 0);

	if (got == (ssize_t)n)
		return 0;
	if (got >= 0 || (errno != ENOSYS && errno != EPERM))
		return -EFAULT;
	if (write)
		memcpy((void *)addr, local, n);
	else
		memcpy(local, (const void *)addr, n);
	return 0;
}

static int load(void *dst, uintptr_t addr, size_t n)
{
	unsigned i;

	if (n == 0)
		return 0;
	if (addr < 4096 || addr + n < addr)
		return -EFAULT;
	for (i = 0; i < nfaults; i++)
		if (addr < faults[i].addr + faults[i].len &&
		    faults[i].addr < addr + n)
			return faults[i].err;
	return vm_copy(dst, addr, n, false);
}

/* The in-process device's ioctls: checked copies, as the module's. */
int dtrace_port_copyin(void *dst, uint64_t uaddr, size_t n)
{
	return load(dst, (uintptr_t)uaddr, n);
}

void dtrace_port_lock(void)
{
}

void dtrace_port_unlock(void)
{
}

int dtrace_port_kload(void *dst, uintptr_t addr, size_t n)
{
	return load(dst, addr, n);
}

int dtrace_port_uload(void *dst, uintptr_t addr, size_t n)
{
	if (task == NULL)
		return load(dst, addr, n);
	if (n == 0)
		return 0;
	if (addr + n < addr)
		return -EFAULT;
	return task->uload(task->arg, dst, addr, n);
}

int dtrace_port_kload_again(void *dst, uintptr_t addr, size_t n)
{
	return load(dst, addr, n);
}

uint64_t dtrace_port_random(void)
{
	uint64_t r = 0;

	if (getentropy(&r, sizeof(r)) != 0)
		r = (uint64_t)clock() * 0x9e3779b97f4a7c15ull;
	return r;
}

uint64_t dtrace_port_gethrtime(void)
{
	struct timespec ts;

	if (fixed_time != 0)
		return fixed_time;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int64_t dtrace_port_walltime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

uint32_t dtrace_port_cpu(void)
{
	return cur_cpu;
}
uint32_t dtrace_port_ncpus(void)
{
	return n_cpus;
}
bool dtrace_port_cpu_possible(uint32_t cpu)
{
	return cpu < n_cpus;
}

int dtrace_port_xcall(uint32_t cpu, void (*fn)(void *), void *arg)
{
	uint32_t saved = cur_cpu;

	if (cpu >= n_cpus)
		return -ENXIO;
	nxcalls++;
	cur_cpu = cpu;
	fn(arg);
	cur_cpu = saved;
	return 0;
}

unsigned long dtrace_port_irq_save(void)
{
	return 0;
}
void dtrace_port_irq_restore(unsigned long flags)
{
	(void)flags;
}
void dtrace_port_sync(void)
{
	nsyncs++;
}
void dtrace_port_sync_expedited(void)
{
	nsyncs++;
}

uint32_t dtrace_port_cas32(uint32_t *p, uint32_t old, uint32_t val)
{
	__atomic_compare_exchange_n(p, &old, val, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}

/* getpid() is a system call each time; the pid does not change here. */
static pid_t cached_pid(void)
{
	static pid_t pid;

	if (pid == 0)
		pid = getpid();
	return pid;
}

static uint64_t task_field(enum dtrace_task_field f)
{
	switch (f) {
	case DTRACE_TASK_CURTHREAD:
	case DTRACE_TASK_TID:
		return task->tid;
	case DTRACE_TASK_PID:
		return task->pid;
	case DTRACE_TASK_PPID:
		return task->ppid;
	case DTRACE_TASK_UID:
	case DTRACE_TASK_EUID:
		return task->uid;
	case DTRACE_TASK_GID:
	case DTRACE_TASK_EGID:
		return task->gid;
	case DTRACE_TASK_PGID:
		return task->pgid;
	case DTRACE_TASK_SID:
		return task->sid;
	case DTRACE_TASK_VTIME:
		return task->vtime;
	}
	return 0;
}

uint64_t dtrace_port_task(enum dtrace_task_field f)
{
	if (task != NULL)
		return task_field(f);
	switch (f) {
	case DTRACE_TASK_CURTHREAD:
		return cur_thread != 0 ? cur_thread : (uintptr_t)&cur_cpu;
	case DTRACE_TASK_PID:
		return (uint64_t)cached_pid();
	case DTRACE_TASK_TID:
		return (uint64_t)gettid();
	case DTRACE_TASK_PPID:
		return (uint64_t)getppid();
	case DTRACE_TASK_UID:
		return getuid();
	case DTRACE_TASK_GID:
		return getgid();
	case DTRACE_TASK_EUID:
		return geteuid();
	case DTRACE_TASK_EGID:
		return getegid();
	case DTRACE_TASK_PGID:
		return (uint64_t)getpgrp();
	case DTRACE_TASK_SID:
		return (uint64_t)getsid(0);
	case DTRACE_TASK_VTIME:
		return dtrace_port_gethrtime();
	}
	return 0;
}

void dtrace_port_comm(char *buf)
{
	memset(buf, 0, DTRACE_COMMLEN);
	if (task != NULL)
		memcpy(buf, task->comm, sizeof(task->comm));
	else if (comm[0] != '\0')
		memcpy(buf, comm, sizeof(comm));
	else
		prctl(PR_GET_NAME, buf, 0, 0, 0);
	buf[DTRACE_COMMLEN - 1] = '\0';
}

uint32_t dtrace_port_stack(uint64_t *pcs, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n && i < 3; i++) /* a fake, recognisable stack */
		pcs[i] = 0xffffffff81000000ull + i;
	return i;
}

uint32_t dtrace_port_stackdepth(void)
{
	return 3;
}

uint32_t dtrace_port_ustack(uint64_t *pcs, uint32_t n)
{
	uint32_t i;

	if (task != NULL) {
		for (i = 0; i < n && i < task->npcs; i++)
			if (pcs != NULL)
				pcs[i] = task->pcs[i];
		return i;
	}
	for (i = 0; i < n && i < 2; i++)
		if (pcs != NULL)
			pcs[i] = 0x400000ull + i;
	return i;
}

static uint64_t uregs[3]; /* pc, sp, fp; sp 0: no user context */

void dtrace_user_set_uregs(uint64_t pc, uint64_t sp, uint64_t fp)
{
	uregs[0] = pc;
	uregs[1] = sp;
	uregs[2] = fp;
}

/* As the module does: a page at a time, a fault ends the copy. */
void dtrace_port_ustack_copy(struct dtrace_ustack_regs *r, uint8_t *buf,
			     uint32_t n)
{
	uint64_t sp = uregs[1], chunk;
	uint32_t got = 0;

	if (sp == 0 || task != NULL)
		return;
	r->dtur_pc = uregs[0];
	r->dtur_sp = sp;
	r->dtur_fp = uregs[2];
	r->dtur_flags = DTRACE_USTACK_VALID;
	while (got < n) {
		chunk = 4096 - ((sp + got) & 4095);
		if (chunk > n - got)
			chunk = n - got;
		if (load(buf + got, (uintptr_t)(sp + got), chunk) != 0)
			break;
		got += (uint32_t)chunk;
	}
	r->dtur_len = got;
}

uint32_t dtrace_port_ipl(void)
{
	return 0;
}

const struct dtrace_cpuinfo *dtrace_port_cpuinfo(void)
{
	static struct dtrace_cpuinfo ci;

	ci.cpu_id = (int32_t)dtrace_port_cpu();
	ci.cpu_pset = -1;
	return &ci;
}

int dtrace_port_uregs(uint32_t ndx, uint64_t *val)
{
	if (task != NULL && task->nregs == 0)
		return -ENOENT;
	if (task != NULL) {
		if (ndx >= task->nregs)
			return -ERANGE;
		*val = task->regs[ndx];
		return 0;
	}
	if (ndx >= 21)
		return -ERANGE;
	*val = 1000 + ndx;
	return 0;
}

int dtrace_port_lockq(enum dtrace_lockq q, uintptr_t addr, uint64_t *out)
{
	uint64_t w;

	if (load(&w, addr, sizeof(w)) != 0)
		return -EFAULT;
	*out = q == DTRACE_MUTEX_OWNER ? w : w != 0;
	return 0;
}

bool dtrace_port_progenyof(uint64_t pid)
{
	return pid == (uint64_t)getpid() || pid == (uint64_t)getppid() ||
	       pid == 1;
}

uint64_t dtrace_port_getf(int64_t fd)
{
	return fd >= 0 && fd <= 2 ? 0x1000 + (uint64_t)fd : 0;
}

static int store(uintptr_t addr, const void *src, size_t n)
{
	unsigned i;

	if (addr < 4096)
		return -EFAULT;
	for (i = 0; i < nfaults; i++)
		if (addr < faults[i].addr + faults[i].len &&
		    faults[i].addr < addr + n)
			return faults[i].err;
	return vm_copy((void *)src, addr, n, true);
}

/* A dump is read-only: a task's memory is never written. */
int dtrace_port_ustore(uintptr_t addr, const void *src, size_t n)
{
	return task != NULL ? -EFAULT : store(addr, src, n);
}

int dtrace_port_copyout(uint64_t uaddr, const void *src, size_t n)
{
	if (n == 0)
		return 0;
	if (uaddr + n < uaddr)
		return -EFAULT;
	return store((uintptr_t)uaddr, src, n);
}

static int lockdown_level;

void dtrace_user_set_lockdown(int level)
{
	lockdown_level = level;
}

/* As port_guard.c, with the level a test chose. */
int dtrace_port_lockdown(bool destructive, char *msg, size_t size)
{
	if (lockdown_level >= 2) {
		snprintf(msg, size,
			 "kernel lockdown (confidentiality) "
			 "forbids reading kernel memory: no tracing");
		return -EPERM;
	}
	if (lockdown_level == 1 && destructive) {
		snprintf(msg, size,
			 "kernel lockdown (integrity) forbids "
			 "writing user memory: no destructive actions");
		return -EPERM;
	}
	return 0;
}

static const struct dtrace_user_path *fs_root, *fs_cwd;
static struct dtrace_path_layout path_layout = {
	.path_mnt = offsetof(struct dtrace_user_path, mnt),
	.path_dentry = offsetof(struct dtrace_user_path, dentry),
	.dentry_parent = offsetof(struct dtrace_user_dentry, parent),
	.dentry_name = offsetof(struct dtrace_user_dentry, name),
	.dentry_len = offsetof(struct dtrace_user_dentry, len),
	.mnt_root = offsetof(struct dtrace_user_vfsmount, root),
	.mount_mnt = offsetof(struct dtrace_user_mount, mnt),
	.mount_parent = offsetof(struct dtrace_user_mount, parent),
	.mount_mountpoint = offsetof(struct dtrace_user_mount, mountpoint),
	.mounts = true,
};

void dtrace_user_set_fs(const struct dtrace_user_path *root,
			const struct dtrace_user_path *cwd)
{
	fs_root = root;
	fs_cwd = cwd;
}

void dtrace_user_set_path_mounts(int known)
{
	path_layout.mounts = known;
}

const struct dtrace_path_layout *dtrace_port_path_layout(void)
{
	return &path_layout;
}

uint64_t dtrace_port_fs_path(bool root)
{
	return (uintptr_t)(root ? fs_root : fs_cwd);
}

static int last_raised;

int dtrace_user_last_raise(void)
{
	return last_raised;
}

int dtrace_port_raise(int sig)
{
	if (sig <= 0 || sig >= 65)
		return -EINVAL;
	last_raised = sig;
	return 0;
}

int dtrace_port_stop_process(void)
{
	last_raised = SIGSTOP;
	return 0;
}

static uint64_t spun;

uint64_t dtrace_user_spun(void)
{
	return spun;
}

/* With a fixed clock, only counts: tests of the chill cap do not wait. */
void dtrace_port_spin(uint64_t ns)
{
	uint64_t end;
	struct timespec ts;

	spun += ns;
	if (fixed_time != 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	end = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec + ns;
	do
		clock_gettime(CLOCK_MONOTONIC, &ts);
	while ((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec <
	       end);
}

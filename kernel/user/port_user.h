/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test controls of the userspace port (port_user.c): which CPU the
 * "current" one is, how many there are, which addresses fault, and the
 * current task's identity. Tests call these; core/ never does.
 */
#ifndef _DTRACE_USER_PORT_USER_H
#define _DTRACE_USER_PORT_USER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CPU ids seen by core/: ncpus must be set before dtrace_core_create(). */
void dtrace_user_set_ncpus(uint32_t n);
/* dtrace_port_zalloc() fails above this many bytes (0: no limit). */
void dtrace_user_set_alloc_limit(size_t bytes);
/* What dtrace_port_mem_budget() answers (default: no limit). */
void dtrace_user_set_mem_budget(uint64_t bytes);
void dtrace_user_set_cpu(uint32_t cpu);

/*
 * Loads fault for addresses below 4096, for unmapped memory, and for any
 * range added here (kernel and user loads alike).
 */
int dtrace_user_fault_add(uintptr_t addr, size_t len);
/* Loads from this range fail as "wrong half of the address space". */
int dtrace_user_priv_add(uintptr_t addr, size_t len);
void dtrace_user_fault_clear(void);
/*
 * The user registers ustack()'s stack copy starts from (the copy reads
 * this process's memory at sp); sp 0, the default: no user context.
 */
void dtrace_user_set_uregs(uint64_t pc, uint64_t sp, uint64_t fp);

/*
 * A task that is not this process (the core device, libdtrace/
 * postmortem): while one is set, user loads read through uload, and
 * pid, tid, execname, uregs[] and ustack() are the task's; user stores
 * fail and ustack() carries no stack copy (the frames are unwound
 * already). Kernel loads and the ioctls' copies still read this process.
 */
struct dtrace_user_task {
	uint64_t pid, tid, ppid, pgid, sid, uid, gid, vtime;
	char comm[16];
	const uint64_t *regs; /* uregs[]: nregs words (0: none) */
	uint32_t nregs;
	const uint64_t *pcs; /* ustack(): npcs return addresses */
	uint32_t npcs;
	/* 0, or a negative errno when any byte cannot be read. */
	int (*uload)(void *arg, void *dst, uint64_t addr, size_t n);
	void *arg;
};
/* t is used in place until the next call; NULL: this process again. */
void dtrace_user_set_task(const struct dtrace_user_task *t);

/* Nanoseconds dtrace_port_spin() was asked for (chill), in total. */
uint64_t dtrace_user_spun(void);
/* dtrace_port_yield() calls so far; after n more, it says "killed". */
uint64_t dtrace_user_yields(void);
void dtrace_user_kill_after(uint64_t n);
/* dtrace_port_tally() counts so far (ENABLE's loops, for growth tests). */
uint64_t dtrace_user_tally(unsigned what); /* DTRACE_STEP_* */

/* Fixed clock for deterministic tests; 0 (the real monotonic clock) also
 * makes dtrace_port_spin() wait. */
void dtrace_user_set_time(uint64_t ns);
/* The current thread's identity (curthread, self-> keys); 0: default. */
void dtrace_user_set_thread(uint64_t thread);
/* Command name reported as execname ("" = the real one). */
void dtrace_user_set_comm(const char *comm);

/*
 * Paths for d_path(), cwd and rootdir: the userspace port lays its fake
 * kernel objects out like this (dtrace_port_path_layout() describes
 * them). A mount is its own parent at the top; a dentry is its own
 * parent at the root of its file system.
 */
struct dtrace_user_dentry {
	struct dtrace_user_dentry *parent;
	const char *name;
	uint32_t len;
};
struct dtrace_user_vfsmount {
	struct dtrace_user_dentry *root;
};
struct dtrace_user_mount {
	void *pad;
	struct dtrace_user_mount *parent;
	struct dtrace_user_dentry *mountpoint;
	struct dtrace_user_vfsmount mnt;
};
struct dtrace_user_path {
	struct dtrace_user_vfsmount *mnt;
	struct dtrace_user_dentry *dentry;
};
/* The current task's root and cwd (NULL: it has none, the default). */
void dtrace_user_set_fs(const struct dtrace_user_path *root,
			const struct dtrace_user_path *cwd);
/* Whether the layout claims to know mounts (default true). */
void dtrace_user_set_path_mounts(int known);

/* Kernel lockdown seen by ENABLE: 0 none, 1 integrity, 2 confidentiality. */
void dtrace_user_set_lockdown(int level);

/* The signal of the last dtrace_port_raise() (raise(), stop()). */
int dtrace_user_last_raise(void);

/*
 * Counts of calls to dtrace_port_sync() (and its expedited form) and
 * dtrace_port_xcall().
 */
uint64_t dtrace_user_syncs(void);
uint64_t dtrace_user_xcalls(void);

#ifdef __cplusplus
}
#endif

#endif /* _DTRACE_USER_PORT_USER_H */

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
void dtrace_user_set_cpu(uint32_t cpu);

/*
 * Loads fault for addresses below 4096, for unmapped memory, and for any
 * range added here (kernel and user loads alike).
 */
int dtrace_user_fault_add(uintptr_t addr, size_t len);
/* Loads from this range fail as "wrong half of the address space". */
int dtrace_user_priv_add(uintptr_t addr, size_t len);
void dtrace_user_fault_clear(void);

/* Fixed clock for deterministic tests; 0 = the real monotonic clock. */
void dtrace_user_set_time(uint64_t ns);
/* Command name reported as execname ("" = the real one). */
void dtrace_user_set_comm(const char *comm);

/* The signal of the last dtrace_port_raise() (raise(), stop()). */
int dtrace_user_last_raise(void);

/* Counts of calls to dtrace_port_sync() and dtrace_port_xcall(). */
uint64_t dtrace_user_syncs(void);
uint64_t dtrace_user_xcalls(void);

#ifdef __cplusplus
}
#endif

#endif /* _DTRACE_USER_PORT_USER_H */

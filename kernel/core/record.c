// SPDX-License-Identifier: GPL-2.0
/*
 * Recording one action in probe context: evaluate its DIFO, then write
 * its record (records.md §3) at dst, which the caller reserved and
 * zeroed; or hand an aggregating head to agg.c. Also used for the key
 * records of aggregation entries.
 */
#include "core/state.h"
#include "core/util.h"
#include "dtrace/limits.h"
#include "dtrace/ustack.h"

static void state_exit(struct dtrace_state *st)
{
	DTRACE_WRITE_ONCE(st->exiting, 1);
	dtrace_port_cas32(&st->activity, DTRACE_ACTIVITY_ACTIVE,
			  DTRACE_ACTIVITY_DRAINING);
	dtrace_port_cas32(&st->activity, DTRACE_ACTIVITY_WARMUP,
			  DTRACE_ACTIVITY_DRAINING);
}

static void record_value(struct dtrace_mstate *ms,
			 const struct dtrace_action *a, uint8_t *dst,
			 uint64_t v)
{
	if (a->vk != DTRACE_VK_VALUE)
		dtrace_dif_copyval(ms, a->vk, dst, v, a->size);
	else
		dtrace_int_put(dst, v, a->size);
}

/* dst is 8-aligned: buffers are page-aligned and records 8-aligned. */
static void record_stack(const struct dtrace_action *a, uint8_t *dst)
{
	dtrace_port_stack((uint64_t *)(void *)dst, (uint32_t)a->arg);
}

/*
 * pid, the frame-pointer frames, and with stack bytes asked for, the
 * registers and stack copy the consumer unwinds (uapi/dtrace/ustack.h).
 */
static void record_ustack(const struct dtrace_action *a, uint8_t *dst)
{
	uint64_t pid = dtrace_port_task(DTRACE_TASK_PID);
	uint64_t off = DTRACE_USTACK_BLOCK_OFF(a->arg);
	uint32_t bytes = DTRACE_USTACK_BYTES(a->arg);

	dtrace_memcpy(dst, &pid, 8);
	dtrace_port_ustack((uint64_t *)(void *)(dst + 8),
			   DTRACE_USTACK_NFRAMES(a->arg));
	if (bytes != 0)
		dtrace_port_ustack_copy(
			(struct dtrace_ustack_regs *)(void *)(dst + off),
			dst + off + sizeof(struct dtrace_ustack_regs), bytes);
}

/*
 * The cap is the CPU's, not the state's: every consumer's chill() on a
 * CPU draws from one window, so several cannot add up to the whole CPU.
 */
static void chill(struct dtrace_mstate *ms, uint64_t ns)
{
	struct dtrace_core_cpu *sc = &ms->state->core->cpu[ms->cpu];
	uint64_t now = dtrace_port_gethrtime();

	if (now - sc->chill_start >= DTRACE_CHILL_WINDOW_NS) {
		sc->chill_start = now;
		sc->chill_used = 0;
	}
	ns = DTRACE_MIN(ns, DTRACE_CHILL_MAX_NS - sc->chill_used);
	sc->chill_used += ns;
	dtrace_port_spin(ns);
}

/* raise(), stop(), chill(): destructive, recording nothing. */
static void destructive(struct dtrace_mstate *ms, const struct dtrace_action *a,
			uint64_t v)
{
	switch (a->rk) {
	case DTRACE_RK_RAISE:
		if (dtrace_port_raise((int)v) == -EINVAL)
			dtrace_fault(ms, DTRACEFLT_ILLOP, v);
		break;
	case DTRACE_RK_STOP:
		dtrace_port_stop_process();
		break;
	default:
		chill(ms, v);
		break;
	}
}

/* Runs one action into its record (dst is the ECB's data, or NULL). */
void dtrace_record(struct dtrace_mstate *ms, const struct dtrace_action *a,
		   uint8_t *dst)
{
	uint64_t v = 0, pid;
	int32_t status;

	if (a->rk == DTRACE_RK_NONE)
		return;
	if (a->rk == DTRACE_RK_AGG) {
		dtrace_agg_apply(ms, a);
		return;
	}
	if (a->rk == DTRACE_RK_ILLOP) {
		dtrace_fault(ms, DTRACEFLT_ILLOP, a->kind);
		return;
	}
	if (a->difo != NULL) {
		v = dtrace_dif_emulate(a->difo, ms);
		if (ms->fault != DTRACEFLT_NONE)
			return;
	}
	dst += a->offset;
	switch (a->rk) {
	case DTRACE_RK_VALUE:
		record_value(ms, a, dst, v);
		break;
	case DTRACE_RK_EXIT:
		status = (int32_t)v;
		dtrace_memcpy(dst, &status, 4);
		state_exit(ms->state);
		break;
	case DTRACE_RK_U64:
		dtrace_memcpy(dst, &v, 8);
		break;
	case DTRACE_RK_PIDADDR:
		pid = dtrace_port_task(DTRACE_TASK_PID);
		dtrace_memcpy(dst, &pid, 8);
		dtrace_memcpy(dst + 8, &v, 8);
		break;
	case DTRACE_RK_USTACK: /* 8-aligned: see record_stack() */
		record_ustack(a, dst);
		break;
	case DTRACE_RK_RAISE:
	case DTRACE_RK_STOP:
	case DTRACE_RK_CHILL:
		destructive(ms, a, v);
		break;
	case DTRACE_RK_TRACEMEM:
		dtrace_dif_load(ms, dst, v, a->size, false);
		break;
	case DTRACE_RK_STACK:
		record_stack(a, dst);
		break;
	default:
		break;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Built-in D variables (dif_vars.def) as DIF reads them in probe context.
 * Values come from the firing (args, ids, timestamp) or from the port's
 * view of the current task. Strings are returned by address: probe names
 * point into the probe registry, execname, cwd and rootdir into scratch.
 * Variables that need support that does not exist yet (regs[], which no
 * provider passes yet) fault ILLOP rather than lie.
 */
#include "core/state.h"
#include "core/subr.h"
#include "core/util.h"

static const char zonename[] = "global";

bool dtrace_dif_builtin_exists(uint32_t id)
{
	switch (id) {
#define DIF_VAR(name, vid, type, d_name) case vid:
#include "dtrace/dif_vars.def"
#undef DIF_VAR
		return true;
	default:
		return false;
	}
}

static uint64_t arg(struct dtrace_mstate *ms, uint32_t n)
{
	const struct dtrace_provider *prov = ms->probe->prov;

	struct dtrace_fireargs *fa = ms->fa;

	if (n >= 6 && !fa->fetched) {
		uint32_t i;

		fa->fetched = 1;
		for (i = 6; i < DTRACE_CORE_MAXARGS; i++)
			fa->v[i] = prov->ops->getarg == NULL ?
					   0 :
					   prov->ops->getarg(prov->arg,
							     ms->probe->id,
							     ms->probe->arg, i);
	}
	return fa->v[n];
}

static uint64_t ucaller(void)
{
	uint64_t pcs[2] = { 0, 0 };

	return dtrace_port_ustack(pcs, 2) == 2 ? pcs[1] : 0;
}

/* The PC the probe was entered from: stack()'s first frame. */
static uint64_t kcaller(void)
{
	uint64_t pc = 0;

	return dtrace_port_stack(&pc, 1) == 1 ? pc : 0;
}

static uint64_t task(enum dtrace_task_field f)
{
	return dtrace_port_task(f);
}

/*
 * The built-ins that are the current task's field of the same name
 * (pid and tid: dtrace_dif_builtin_hot()).
 */
#define TASK_VARS(X) \
	X(CURTHREAD) X(PPID) X(UID) X(GID) X(EUID) X(EGID) X(PGID) X(SID)
#define TASK_VAR(name)       \
	case DIF_VAR_##name: \
		return task(DTRACE_TASK_##name);

uint64_t dtrace_dif_builtin(struct dtrace_mstate *ms, uint32_t id)
{
	uint64_t v;

	if (dtrace_dif_builtin_hot(ms, id, &v))
		return v;
	if (id >= DIF_VAR_ARG0 && id <= DIF_VAR_ARG9)
		return arg(ms, id - DIF_VAR_ARG0);
	switch (id) {
		TASK_VARS(TASK_VAR)
	case DIF_VAR_VTIMESTAMP:
		return task(DTRACE_TASK_VTIME);
	case DIF_VAR_WALLTIMESTAMP:
		return (uint64_t)dtrace_port_walltime();
	case DIF_VAR_EPID:
		return ms->epid;
	case DIF_VAR_ID:
		return ms->probe->id;
	case DIF_VAR_CPU:
		return ms->cpu;
	case DIF_VAR_PROBEPROV:
		return (uintptr_t)ms->probe->prov->name;
	case DIF_VAR_PROBEMOD:
		return (uintptr_t)ms->probe->mod;
	case DIF_VAR_PROBEFUNC:
		return (uintptr_t)ms->probe->func;
	case DIF_VAR_PROBENAME:
		return (uintptr_t)ms->probe->name;
	case DIF_VAR_ZONENAME:
		return (uintptr_t)zonename;
	case DIF_VAR_IPL:
		return dtrace_port_ipl();
	case DIF_VAR_STACKDEPTH:
		return dtrace_port_stackdepth();
	case DIF_VAR_USTACKDEPTH:
		return dtrace_port_ustack(NULL, 1024);
	case DIF_VAR_UCALLER:
		return ucaller();
	case DIF_VAR_ERRNO:
		return (uint64_t)(int64_t)ms->fa->err;
	case DIF_VAR_CWD:
		return dtrace_dif_fs_path(ms, false);
	case DIF_VAR_ROOTDIR:
		return dtrace_dif_fs_path(ms, true);
	case DIF_VAR_CALLER:
		return kcaller();
	case DIF_VAR_CURCPU:
		return (uintptr_t)dtrace_port_cpuinfo();
	case DIF_VAR_CURPSINFO: /* a translator in the compiler; reads 0 */
		return 0;
	default:
		dtrace_fault(ms, DTRACEFLT_ILLOP, id);
		return 0;
	}
}

static uint64_t uregs(struct dtrace_mstate *ms, uint64_t ndx)
{
	uint64_t v = 0;
	int err = ndx > 0xffffffffu ? -ERANGE :
				      dtrace_port_uregs((uint32_t)ndx, &v);

	if (err == -ERANGE)
		dtrace_fault(ms, DTRACEFLT_BADINDEX, ndx);
	else if (err != 0)
		dtrace_fault(ms, DTRACEFLT_ILLOP, 0);
	return v;
}

uint64_t dtrace_dif_builtin_array(struct dtrace_mstate *ms, uint32_t id,
				  uint64_t ndx)
{
	if (id == DIF_VAR_UREGS)
		return uregs(ms, ndx);
	if (id != DIF_VAR_ARGS) { /* regs[]: no provider passes them yet */
		dtrace_fault(ms, DTRACEFLT_ILLOP, 0);
		return 0;
	}
	if (ndx >= DTRACE_CORE_MAXARGS) {
		dtrace_fault(ms, DTRACEFLT_BADINDEX, ndx);
		return 0;
	}
	return arg(ms, (uint32_t)ndx);
}

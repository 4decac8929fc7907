// SPDX-License-Identifier: GPL-2.0
/*
 * The probe path of user-space probes: the uprobe consumer callbacks of
 * a site and where its arguments come from. Runs in the traced task at
 * the breakpoint, in task context: memory arguments are read with
 * copy_from_user, which pages in what the program has not touched yet
 * and fails cleanly (the value is 0) on a bad address; only then are
 * preemption and interrupts turned off to fire. A site fires only in its
 * process: other address spaces that inherited the breakpoint (fork)
 * have it removed, a vfork child sharing the address space is ignored.
 *
 * Arguments are described as uargs (ioctl.h) for every kind: entry and
 * offset probes get the ABI argument registers (entry also the stack
 * slots after the return address), USDT sites what the consumer or
 * the helper program says. Return probes: arg0 = 0 (a uretprobe does
 * not know which return instruction ran; as fbt), arg1 = return value.
 */
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

#include "linux/glue.h"
#include "prov/uprobe.h"
#include "dtrace/prog.h"

#define UP_REG(f) \
	((uint16_t)(offsetof(struct pt_regs, f) / sizeof(unsigned long)))
#define UP_NREGS (sizeof(struct pt_regs) / sizeof(unsigned long))

#if defined(CONFIG_X86_64)
static const uint16_t up_abi_regs[] = { UP_REG(di), UP_REG(si), UP_REG(dx),
					UP_REG(cx), UP_REG(r8), UP_REG(r9) };
#define UP_SP	   UP_REG(sp)
#define UP_RETADDR 8 /* pushed by the call, at 0(%rsp) on entry */
#elif defined(CONFIG_ARM64)
static const uint16_t up_abi_regs[] = { UP_REG(regs[0]), UP_REG(regs[1]),
					UP_REG(regs[2]), UP_REG(regs[3]),
					UP_REG(regs[4]), UP_REG(regs[5]),
					UP_REG(regs[6]), UP_REG(regs[7]) };
#define UP_SP	   UP_REG(sp)
#define UP_RETADDR 0 /* in the link register */
#else
#error "user-space probes: no argument registers for this architecture"
#endif

/* The current firing's arguments, for args[6..11] (getarg). */
static DEFINE_PER_CPU(const uint64_t *, up_args_now);

bool dtrace_up_uarg_ok(const struct dtrace_uarg *a)
{
	int size = a->dtua_size < 0 ? -a->dtua_size : a->dtua_size;

	if (a->dtua_pad != 0 ||
	    (size != 1 && size != 2 && size != 4 && size != 8))
		return false;
	switch (a->dtua_kind) {
	case DTRACE_UARG_REG:
	case DTRACE_UARG_MEM:
		return a->dtua_reg < UP_NREGS;
	case DTRACE_UARG_CONST:
		return a->dtua_reg == 0;
	default:
		return false;
	}
}

uint32_t dtrace_up_abi_args(struct dtrace_uarg *args, enum up_abi where)
{
	uint32_t i, n = ARRAY_SIZE(up_abi_regs);

	memset(args, 0, DTRACE_MAXARGS * sizeof(*args));
	for (i = 0; i < DTRACE_MAXARGS; i++) {
		if (i >= n && where == UP_ABI_REGS)
			return n;
		args[i].dtua_size = 8;
		if (i < n) {
			args[i].dtua_kind = DTRACE_UARG_REG;
			args[i].dtua_reg = up_abi_regs[i];
			continue;
		}
		/* The rest on the stack: above the return address on entry. */
		args[i].dtua_kind = DTRACE_UARG_MEM;
		args[i].dtua_reg = UP_SP;
		args[i].dtua_value = (where == UP_ABI_ENTRY ? UP_RETADDR : 0) +
				     8 * (i - n);
	}
	return DTRACE_MAXARGS;
}

uint32_t dtrace_up_call_sp_skip(uint32_t nargs)
{
#if defined(CONFIG_X86_64)
	return nargs > ARRAY_SIZE(up_abi_regs) ? DTRACE_USDT_SP_SKIP : 0;
#else
	return 0;
#endif
}

static uint64_t up_uarg(const struct dtrace_uarg *a, struct pt_regs *regs)
{
	const unsigned long *r = (const unsigned long *)regs;
	unsigned int n = a->dtua_size < 0 ? -a->dtua_size : a->dtua_size;
	uint64_t v = 0, mask;

	switch (a->dtua_kind) {
	case DTRACE_UARG_REG:
		v = r[a->dtua_reg];
		break;
	case DTRACE_UARG_MEM:
		/* Little-endian: the n bytes land in the low end of v. */
		if (copy_from_user(&v,
				   (const void __user *)(r[a->dtua_reg] +
							 a->dtua_value),
				   n))
			v = 0;
		break;
	default:
		v = a->dtua_value;
		break;
	}
	if (n == 8)
		return v;
	mask = (1ULL << (8 * n)) - 1;
	v &= mask;
	if (a->dtua_size < 0 && (v & (1ULL << (8 * n - 1))))
		v |= ~mask;
	return v;
}

static void up_fire(uint32_t id, const uint64_t *a, bool at_entry,
		    uint32_t sp_skip)
{
	preempt_disable();
	__this_cpu_write(up_args_now, a);
	__this_cpu_write(dtrace_ustack_at_entry, at_entry);
	__this_cpu_write(dtrace_ustack_sp_skip, sp_skip);
	dtrace_core_probe(dtrace_core, id, a[0], a[1], a[2], a[3], a[4], a[5]);
	__this_cpu_write(dtrace_ustack_sp_skip, 0);
	__this_cpu_write(dtrace_ustack_at_entry, false);
	__this_cpu_write(up_args_now, NULL);
	preempt_enable();
}

uint64_t dtrace_up_getarg(void *parg, uint32_t id, void *prarg, uint32_t ndx)
{
	const uint64_t *a = __this_cpu_read(up_args_now);

	return a != NULL && ndx < DTRACE_MAXARGS ? a[ndx] : 0;
}

/*
 * -1: another address space (remove the breakpoint from it), 0: a vfork
 * child sharing the target's (ignore), 1: the target process.
 */
static int up_mine(const struct up_site *s)
{
	const struct up_proc *proc = s->probe->proc;

	if (current->mm != proc->mm)
		return -1;
	return current->tgid == proc->tgid ? 1 : 0;
}

static DTRACE_UPROBE_HANDLER(up_handler, uc, regs)
{
	struct up_site *s = container_of(uc, struct up_site, uc);
	uint64_t a[DTRACE_MAXARGS] = { 0 };
	uint32_t i;
	int mine = up_mine(s);

	if (mine < 0)
		return UPROBE_HANDLER_REMOVE;
	if (mine == 0 || s->kind == DTRACE_UP_RETURN)
		return 0;
	if (s->kind == DTRACE_UP_USDT_ENABLED) {
		/* The site's instruction must not overwrite it (ioctl.md). */
		regs_set_return_value(regs, 1);
		return 0;
	}
	for (i = 0; i < s->nargs; i++)
		a[i] = up_uarg(&s->args[i], regs);
	up_fire(s->probe->id, a, s->kind == DTRACE_UP_ENTRY, s->sp_skip);
	return 0;
}

static DTRACE_UPROBE_RET_HANDLER(up_ret_handler, uc, func, regs)
{
	struct up_site *s = container_of(uc, struct up_site, uc);
	uint64_t a[DTRACE_MAXARGS] = { 0 };

	if (up_mine(s) <= 0)
		return 0;
	a[1] = regs_return_value(regs);
	up_fire(s->probe->id, a, false, 0);
	return 0;
}

static DTRACE_UPROBE_FILTER(up_filter, uc, mm)
{
	struct up_site *s = container_of(uc, struct up_site, uc);

	return mm == s->probe->proc->mm;
}

void dtrace_up_site_callbacks(struct up_site *s)
{
	memset(&s->uc, 0, sizeof(s->uc));
	s->uc.handler = up_handler;
	if (s->kind == DTRACE_UP_RETURN)
		s->uc.ret_handler = up_ret_handler;
	s->uc.filter = up_filter;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The profile provider: profile:::profile-N fires on every online CPU,
 * profile:::tick-N on one CPU (the one that enabled it: a consumer with
 * -x cpu=N enables from CPU N, so its ticks fire where it traces), N
 * times a second (or every N units: ns
 * us ms s m h d hz; a bare number is hz). Each enabled probe owns
 * hrtimers in hard-irq mode (one per CPU for profile-N, one for tick-N)
 * whose callbacks fire the probe with arg0 = the interrupted kernel PC
 * (or 0) and arg1 = the interrupted user PC (or 0).
 *
 * A fixed set of rates is listed at load; others are created when a
 * description names them (provide). Intervals below 200us are refused
 * so a typo cannot swamp the machine. Disable cancels the timers, which
 * waits for a running callback; probes and their memory live until the
 * provider goes away.
 *
 * CPU hotplug: a CPU that goes offline would hand its pinned timers to
 * another CPU (which would then fire twice as often) and a CPU that comes
 * online would get none, so a hotplug state stops this CPU's profile-N
 * timers as it leaves and starts them as it arrives. The list of enabled
 * profile-N probes changes only under cpus_read_lock(), which the hotplug
 * callbacks exclude. tick-N needs nothing: its timer simply moves on.
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <asm/irq_regs.h>

#include "core/rate.h"
#include "linux/glue.h"
#include "prov/linux_provs.h"

struct prof_timer {
	struct hrtimer timer;
	struct prof_probe *pp;
};

struct prof_probe {
	struct prof_probe *next; /* all probes, for teardown */
	uint32_t id;
	bool tick;			  /* tick-N: one CPU */
	u64 interval;			  /* ns */
	struct prof_timer __percpu *cpus; /* profile-N, while enabled */
	struct prof_timer *one;		  /* tick-N, while enabled */
	struct prof_probe *on_next;	  /* enabled profile-N probes */
};

static struct dtrace_provider *prof_prov;
static struct prof_probe *prof_all;
static struct prof_probe *prof_on; /* under cpus_read_lock() */
static int prof_hp_state = -1;	   /* dynamic cpuhp state, or < 0 */

static enum hrtimer_restart prof_fire(struct hrtimer *t)
{
	struct prof_timer *pt = container_of(t, struct prof_timer, timer);
	struct pt_regs *regs = get_irq_regs();
	u64 kpc = 0, upc = 0;

	if (regs != NULL) {
		if (user_mode(regs))
			upc = instruction_pointer(regs);
		else
			kpc = instruction_pointer(regs);
	}
	dtrace_kstack_top_set(kpc);
	dtrace_core_probe(dtrace_core, pt->pp->id, kpc, upc, 0, 0, 0, 0);
	dtrace_kstack_clear();
	hrtimer_forward_now(t, ns_to_ktime(pt->pp->interval));
	return HRTIMER_RESTART;
}

static void prof_timer_init(struct prof_timer *pt, struct prof_probe *pp,
			    enum hrtimer_mode mode)
{
	pt->pp = pp;
	dtrace_hrtimer_setup(&pt->timer, prof_fire, CLOCK_MONOTONIC, mode);
}

/* Runs on the target CPU (IPI): the pinned timer stays there. */
static void prof_start_here(void *arg)
{
	struct prof_timer *pt = arg;

	hrtimer_start(&pt->timer, ns_to_ktime(pt->pp->interval),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int prof_enable_profile(struct prof_probe *pp)
{
	int cpu;

	pp->cpus = alloc_percpu(struct prof_timer);
	if (pp->cpus == NULL)
		return -ENOMEM;
	cpus_read_lock();
	for_each_possible_cpu(cpu)
		prof_timer_init(per_cpu_ptr(pp->cpus, cpu), pp,
				HRTIMER_MODE_REL_PINNED_HARD);
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, prof_start_here,
					 per_cpu_ptr(pp->cpus, cpu), 1);
	pp->on_next = prof_on;
	prof_on = pp;
	cpus_read_unlock();
	return 0;
}

/* Hotplug: runs on the arriving CPU, bound to it. */
static int prof_cpu_online(unsigned int cpu)
{
	struct prof_probe *pp;

	for (pp = prof_on; pp != NULL; pp = pp->on_next)
		prof_start_here(per_cpu_ptr(pp->cpus, cpu));
	return 0;
}

/* Hotplug: runs on the leaving CPU before its timers would migrate. */
static int prof_cpu_offline(unsigned int cpu)
{
	struct prof_probe *pp;

	for (pp = prof_on; pp != NULL; pp = pp->on_next)
		hrtimer_cancel(&per_cpu_ptr(pp->cpus, cpu)->timer);
	return 0;
}

static void prof_on_list_remove(struct prof_probe *pp)
{
	struct prof_probe **pl;

	for (pl = &prof_on; *pl != NULL; pl = &(*pl)->on_next) {
		if (*pl == pp) {
			*pl = pp->on_next;
			break;
		}
	}
	pp->on_next = NULL;
}

static int prof_enable(void *parg, uint32_t id, void *prarg)
{
	struct prof_probe *pp = prarg;

	if (!pp->tick)
		return prof_enable_profile(pp);
	pp->one = kzalloc(sizeof(*pp->one), GFP_KERNEL);
	if (pp->one == NULL)
		return -ENOMEM;
	prof_timer_init(pp->one, pp, HRTIMER_MODE_REL_PINNED_HARD);
	/* Pinned to this CPU: the enabling consumer's. */
	hrtimer_start(&pp->one->timer, ns_to_ktime(pp->interval),
		      HRTIMER_MODE_REL_PINNED_HARD);
	return 0;
}

static void prof_disable(void *parg, uint32_t id, void *prarg)
{
	struct prof_probe *pp = prarg;
	int cpu;

	if (pp->one != NULL) {
		hrtimer_cancel(&pp->one->timer);
		kfree(pp->one);
		pp->one = NULL;
	}
	if (pp->cpus != NULL) {
		cpus_read_lock();
		prof_on_list_remove(pp);
		cpus_read_unlock();
		for_each_possible_cpu(cpu)
			hrtimer_cancel(&per_cpu_ptr(pp->cpus, cpu)->timer);
		free_percpu(pp->cpus);
		pp->cpus = NULL;
	}
}

/* Creates profile:::name unless it exists; silent on bad names. */
static void prof_create(const char *name)
{
	bool tick;
	u64 ns = dtrace_rate_probe_ns(name, KTIME_MAX, &tick);
	struct prof_probe *pp;
	int id;

	if (ns == 0)
		return;
	pp = kzalloc(sizeof(*pp), GFP_KERNEL);
	if (pp == NULL)
		return;
	id = dtrace_probe_create(dtrace_core, prof_prov, "", "", name, pp);
	if (id < 0) {
		kfree(pp);
		return;
	}
	pp->id = id;
	pp->tick = tick;
	pp->interval = ns;
	pp->next = prof_all;
	prof_all = pp;
}

static bool prof_has_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

static void prof_provide(void *parg, const struct dtrace_pattern *pat)
{
	if (pat->id != 0 || pat->name == NULL || pat->name[0] == '\0' ||
	    prof_has_glob(pat->name))
		return;
	if (!dtrace_glob(pat->mod, "") || !dtrace_glob(pat->func, ""))
		return;
	prof_create(pat->name);
}

static const struct dtrace_provider_ops prof_ops = {
	.provide = prof_provide,
	.enable = prof_enable,
	.disable = prof_disable,
};

int dtrace_prov_profile_init(struct dtrace_core *core)
{
	static const char *const listed[] = {
		"profile-97",	"profile-199",	"profile-499",	"profile-997",
		"profile-1999", "profile-4001", "profile-4999", "tick-1",
		"tick-10",	"tick-100",	"tick-500",	"tick-1000",
		"tick-5000",
	};
	size_t i;
	int err;

	err = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "dtrace/profile",
					prof_cpu_online, prof_cpu_offline);
	if (err < 0)
		return err;
	prof_hp_state = err;
	err = dtrace_provider_register(core, "profile", &prof_ops, NULL,
				       &prof_prov);
	if (err != 0) {
		cpuhp_remove_state_nocalls(prof_hp_state);
		prof_hp_state = -1;
		return err;
	}
	for (i = 0; i < ARRAY_SIZE(listed); i++)
		prof_create(listed[i]);
	return 0;
}

void dtrace_prov_profile_fini(struct dtrace_core *core)
{
	dtrace_prov_unregister_all(core, &prof_prov, &prof_ops, prof_all);
	if (prof_hp_state >= 0)
		cpuhp_remove_state_nocalls(prof_hp_state);
	prof_hp_state = -1;
}

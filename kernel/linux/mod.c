// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace.ko entry points: create the core, register the providers, then
 * the device. The device's owner reference keeps the module loaded
 * while any consumer holds /dev/dtrace open.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include "linux/glue.h"
#include "linux/kernel_compat.h"
#include "prov/dtrace.h"
#include "prov/linux_provs.h"
#include "dtrace/version.h"

struct dtrace_core *dtrace_core;
DEFINE_MUTEX(dtrace_lock);

/*
 * Registered in this order after the dtrace provider, removed in
 * reverse. A Linux provider the kernel's configuration cannot carry, that
 * skip_providers names or that fails to register is left out, and why is
 * published in missing_providers for dtrace(1) to tell its users (its
 * fini copes with never having registered). needs: what it takes of the
 * kernel, for the message when it fails; lacks (kernel_compat.h): what
 * this kernel lacks of it, found when the module was built, or NULL.
 */
static const struct {
	const char *name;
	int (*init)(struct dtrace_core *core);
	void (*fini)(struct dtrace_core *core);
	bool configured; /* the kernel has the config it needs */
	const char *config;
	const char *needs;
	const char *lacks;
} dtrace_linux_provs[] = {
	{ "profile", dtrace_prov_profile_init, dtrace_prov_profile_fini,
	  IS_ENABLED(CONFIG_HIGH_RES_TIMERS), "CONFIG_HIGH_RES_TIMERS",
	  "high-resolution timers" },
	{ "syscall", dtrace_prov_syscall_init, dtrace_prov_syscall_fini,
	  IS_ENABLED(CONFIG_FTRACE_SYSCALLS), "CONFIG_FTRACE_SYSCALLS",
	  "the syscall tracepoints" },
	{ "fbt", dtrace_prov_fbt_init, dtrace_prov_fbt_fini,
	  IS_ENABLED(CONFIG_DYNAMIC_FTRACE), "CONFIG_DYNAMIC_FTRACE",
	  "ftrace and the kernel's BTF (CONFIG_DEBUG_INFO_BTF)",
	  DTRACE_FBT_LACKS },
	{ "sdt", dtrace_prov_sdt_init, dtrace_prov_sdt_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS", "tracepoints" },
	{ "proc", dtrace_prov_proc_init, dtrace_prov_proc_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the sched and signal tracepoints" },
	{ "sched", dtrace_prov_sched_init, dtrace_prov_sched_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the sched tracepoints" },
	{ "io", dtrace_prov_io_init, dtrace_prov_io_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the block tracepoints" },
	{ "lockstat", dtrace_prov_lockstat_init, dtrace_prov_lockstat_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the lock contention tracepoints", DTRACE_LOCKSTAT_LACKS },
	{ "tcp", dtrace_prov_tcp_init, dtrace_prov_tcp_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the tcp and sock tracepoints" },
	{ "udp", dtrace_prov_udp_init, dtrace_prov_udp_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the udp tracepoints" },
	{ "ip", dtrace_prov_ip_init, dtrace_prov_ip_fini,
	  IS_ENABLED(CONFIG_TRACEPOINTS), "CONFIG_TRACEPOINTS",
	  "the net tracepoints" },
	{ "cpc", dtrace_prov_cpc_init, dtrace_prov_cpc_fini,
	  IS_ENABLED(CONFIG_PERF_EVENTS), "CONFIG_PERF_EVENTS", "perf events" },
	{ "pid", dtrace_prov_uprobe_init, dtrace_prov_uprobe_fini,
	  IS_ENABLED(CONFIG_UPROBES), "CONFIG_UPROBES",
	  "uprobes (pid and USDT providers)" },
};

static char *skip_providers = "";
module_param(skip_providers, charp, 0444);
MODULE_PARM_DESC(skip_providers,
		 "providers to leave out, comma-separated (e.g. fbt,cpc)");

/* "name: why" a line; dtrace(1) reads it (kio/missing_providers.cc). */
static char missing_providers[1024];
static struct kparam_string missing_providers_kps = {
	.maxlen = sizeof(missing_providers),
	.string = missing_providers,
};
module_param_cb(missing_providers, &param_ops_string, &missing_providers_kps,
		0444);
MODULE_PARM_DESC(missing_providers, "providers left out, and why");

static bool dtrace_prov_skipped(const char *name)
{
	const char *s = skip_providers;
	size_t n = strlen(name);

	while (s != NULL && *s != '\0') {
		size_t len = strcspn(s, ",");

		if (len == n && strncmp(s, name, n) == 0)
			return true;
		s += len;
		if (*s == ',')
			s++;
	}
	return false;
}

static __printf(2, 3) void dtrace_prov_missing(const char *name,
					       const char *fmt, ...)
{
	size_t len = strlen(missing_providers);
	size_t room = sizeof(missing_providers) - len;
	va_list ap;
	int n;

	n = scnprintf(missing_providers + len, room, "%s: ", name);
	va_start(ap, fmt);
	n += vscnprintf(missing_providers + len + n, room - n, fmt, ap);
	va_end(ap);
	scnprintf(missing_providers + len + n, room - n, "\n");
	pr_warn("dtrace: no %s", missing_providers + len);
}

static void dtrace_provs_fini(void)
{
	size_t n = ARRAY_SIZE(dtrace_linux_provs);

	while (n-- > 0)
		dtrace_linux_provs[n].fini(dtrace_core);
	dtrace_prov_dtrace_fini(dtrace_core);
}

/* The dtrace provider first: its probes must be ids 1, 2 and 3. */
static int dtrace_provs_init(void)
{
	size_t i;
	int err;

	err = dtrace_prov_dtrace_init(dtrace_core);
	if (err != 0)
		return err;
	missing_providers[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(dtrace_linux_provs); i++) {
		const char *name = dtrace_linux_provs[i].name;

		if (!dtrace_linux_provs[i].configured) {
			dtrace_prov_missing(name, "kernel built without %s",
					    dtrace_linux_provs[i].config);
			continue;
		}
		if (dtrace_linux_provs[i].lacks != NULL) {
			dtrace_prov_missing(name, "this kernel lacks %s",
					    dtrace_linux_provs[i].lacks);
			continue;
		}
		if (dtrace_prov_skipped(name)) {
			dtrace_prov_missing(name, "left out (skip_providers)");
			continue;
		}
		err = dtrace_linux_provs[i].init(dtrace_core);
		if (err != 0)
			dtrace_prov_missing(name, "error %d; it needs %s", err,
					    dtrace_linux_provs[i].needs);
	}
	return 0;
}

static int __init dtrace_init(void)
{
	int err;

	err = dtrace_port_linux_init();
	if (err != 0)
		return err;
	dtrace_core = dtrace_core_create();
	if (dtrace_core == NULL) {
		dtrace_port_linux_exit();
		return -ENOMEM;
	}
	mutex_lock(&dtrace_lock);
	err = dtrace_provs_init();
	mutex_unlock(&dtrace_lock);
	if (err == 0)
		err = dtrace_prov_fbt_watch();
	if (err == 0) {
		err = dtrace_dev_init();
		if (err != 0)
			dtrace_prov_fbt_unwatch();
	}
	if (err != 0) {
		mutex_lock(&dtrace_lock);
		dtrace_provs_fini();
		mutex_unlock(&dtrace_lock);
		dtrace_core_destroy(dtrace_core);
		dtrace_port_linux_exit();
		return err;
	}
	dtrace_dynclean_init();
	pr_info("dtrace: version %s, ABI %d\n", DTRACE_VERSION_STRING,
		DTRACE_ABI_VERSION);
	return 0;
}

static void __exit dtrace_exit(void)
{
	dtrace_dev_exit();
	dtrace_dynclean_exit();
	dtrace_prov_fbt_unwatch();
	mutex_lock(&dtrace_lock);
	dtrace_provs_fini();
	mutex_unlock(&dtrace_lock);
	dtrace_core_destroy(dtrace_core);
	dtrace_core = NULL;
	dtrace_port_linux_exit();
}

module_init(dtrace_init);
module_exit(dtrace_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace for Linux: DIF machine, buffers and providers");
MODULE_VERSION(DTRACE_VERSION_STRING);

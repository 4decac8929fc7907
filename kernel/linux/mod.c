// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace.ko entry points: create the core, register the providers, then
 * the device. The device's owner reference keeps the module loaded
 * while any consumer holds /dev/dtrace open.
 */
#include <linux/module.h>
#include "linux/glue.h"
#include "prov/dtrace.h"
#include "prov/linux_provs.h"
#include "dtrace/version.h"

struct dtrace_core *dtrace_core;
DEFINE_MUTEX(dtrace_lock);

/*
 * Registered in this order after the dtrace provider, removed in
 * reverse. A Linux provider that fails to register is logged and left
 * out; its fini copes with never having registered.
 */
static const struct {
	const char *name;
	int	(*init)(struct dtrace_core *core);
	void	(*fini)(struct dtrace_core *core);
} dtrace_linux_provs[] = {
	{ "profile", dtrace_prov_profile_init, dtrace_prov_profile_fini },
	{ "syscall", dtrace_prov_syscall_init, dtrace_prov_syscall_fini },
	{ "fbt", dtrace_prov_fbt_init, dtrace_prov_fbt_fini },
	{ "sdt", dtrace_prov_sdt_init, dtrace_prov_sdt_fini },
	{ "proc", dtrace_prov_proc_init, dtrace_prov_proc_fini },
	{ "sched", dtrace_prov_sched_init, dtrace_prov_sched_fini },
	{ "io", dtrace_prov_io_init, dtrace_prov_io_fini },
	{ "lockstat", dtrace_prov_lockstat_init, dtrace_prov_lockstat_fini },
	{ "tcp", dtrace_prov_tcp_init, dtrace_prov_tcp_fini },
	{ "udp", dtrace_prov_udp_init, dtrace_prov_udp_fini },
	{ "ip", dtrace_prov_ip_init, dtrace_prov_ip_fini },
	{ "cpc", dtrace_prov_cpc_init, dtrace_prov_cpc_fini },
	{ "pid/usdt", dtrace_prov_uprobe_init, dtrace_prov_uprobe_fini },
};

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
	for (i = 0; i < ARRAY_SIZE(dtrace_linux_provs); i++) {
		err = dtrace_linux_provs[i].init(dtrace_core);
		if (err != 0)
			pr_warn("dtrace: no %s provider: error %d\n",
				dtrace_linux_provs[i].name, err);
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

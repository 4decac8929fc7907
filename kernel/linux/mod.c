// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace.ko entry points: create the core, register the providers, then
 * the device. The device's owner reference keeps the module loaded
 * while any consumer holds /dev/dtrace open.
 */
#include <linux/module.h>
#include "linux/glue.h"
#include "prov/dtrace.h"
#include "dtrace/version.h"

struct dtrace_core *dtrace_core;
DEFINE_MUTEX(dtrace_lock);

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
	err = dtrace_prov_dtrace_init(dtrace_core);
	mutex_unlock(&dtrace_lock);
	if (err == 0)
		err = dtrace_dev_init();
	if (err != 0) {
		mutex_lock(&dtrace_lock);
		dtrace_prov_dtrace_fini(dtrace_core);
		mutex_unlock(&dtrace_lock);
		dtrace_core_destroy(dtrace_core);
		dtrace_port_linux_exit();
		return err;
	}
	pr_info("dtrace: version %s, ABI %d\n", DTRACE_VERSION_STRING,
		DTRACE_ABI_VERSION);
	return 0;
}

static void __exit dtrace_exit(void)
{
	dtrace_dev_exit();
	mutex_lock(&dtrace_lock);
	dtrace_prov_dtrace_fini(dtrace_core);
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

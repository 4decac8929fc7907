/* 5.14+: eBPF's kernel-read lockdown reason is LOCKDOWN_BPF_READ_KERNEL (was LOCKDOWN_BPF_READ). */
#include <linux/security.h>

int conftest(void);

int conftest(void)
{
	return security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * What probe context may touch (doc/limits.md §5): kernel loads stay
 * out of device memory, copyout() writes only the user address space
 * of the process that is running, and ENABLE honours kernel lockdown as
 * the kernel does for eBPF programs.
 */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <asm/fixmap.h>
#include <asm/pgtable.h>

#include "core/port.h"
#include "linux/kernel_compat.h"

/* Where ioremap() and friends may map device memory. */
static bool remap_range(uintptr_t addr)
{
	return (addr >= VMALLOC_START && addr <= VMALLOC_END) ||
	       (addr >= FIXADDR_START && addr < FIXADDR_TOP);
}

/*
 * A load there reads only pages mapped write-back, as RAM is: device
 * mappings are uncached or write-combining, which on x86 sets PCD or
 * PWT (Linux's PAT table has write-back at the two indexes with both
 * clear, for 4 KiB and large pages alike). The walk takes no lock:
 * kernel page tables of these ranges are freed only after a TLB-flush
 * IPI, which waits for this CPU (firings run with interrupts off).
 */
static noinline bool ram_mapped(uintptr_t addr, size_t n)
{
	uintptr_t page = addr & PAGE_MASK, last = (addr + n - 1) & PAGE_MASK;
	unsigned int level;
	pte_t *ptep, pte;

	for (;;) {
		ptep = lookup_address(page, &level);
		if (ptep == NULL)
			return false;
		pte = ptep_get(ptep);
		if (!pte_present(pte) ||
		    (pte_flags(pte) & (_PAGE_PCD | _PAGE_PWT)) != 0)
			return false;
		if (page == last)
			return true;
		page += PAGE_SIZE;
	}
}

int dtrace_port_kload(void *dst, uintptr_t addr, size_t n)
{
	/* A user address is no kernel memory: invalid, as DTrace says. */
	if (addr < TASK_SIZE_MAX)
		return -EFAULT;
	if (unlikely(remap_range(addr)) && !ram_mapped(addr, n))
		return -EFAULT;
	return copy_from_kernel_nofault(dst, (const void *)addr, n) ? -EFAULT :
								      0;
}

/*
 * Same page as a kload of this firing: its mapping cannot become a
 * device's before the firing ends, since a vmalloc address is reused
 * only after a TLB-flush IPI that waits for this CPU.
 */
int dtrace_port_kload_again(void *dst, uintptr_t addr, size_t n)
{
	return copy_from_kernel_nofault(dst, (const void *)addr, n) ? -EFAULT :
								      0;
}

/*
 * User memory is the current process's: not a kernel thread's (none, or
 * one borrowing a process's mm: vhost), and only while that mm is the
 * loaded one (not an NMI in the middle of switch_mm(), not
 * text_poke()'s temporary mm), which nmi_uaccess_okay() checks. It is
 * not exported; copy_from_user_nmi() asks it first.
 */
static bool own_mm(void)
{
	return (current->flags & PF_KTHREAD) == 0 && current->mm != NULL;
}

int dtrace_port_uload(void *dst, uintptr_t addr, size_t n)
{
	if (addr >= TASK_SIZE_MAX || n > TASK_SIZE_MAX - addr)
		return -EPERM;
	if (!own_mm())
		return -EFAULT;
	return copy_from_user_nmi(dst, (const void __user *)addr, n) ? -EFAULT :
								       0;
}

/* Writes, not from an exiting task either; a one-byte read asks the mm. */
static bool ustore_here(uintptr_t addr)
{
	u8 b;

	if (!own_mm() || (current->flags & PF_EXITING) != 0)
		return false;
	return copy_from_user_nmi(&b, (const void __user *)addr, 1) == 0;
}

int dtrace_port_ustore(uintptr_t addr, const void *src, size_t n)
{
	long left;

	if (addr >= TASK_SIZE_MAX || n > TASK_SIZE_MAX - addr)
		return -EPERM;
	if (!ustore_here(addr))
		return -EFAULT;
	/* access_ok() warns in interrupts on debug kernels unless this. */
	pagefault_disable();
	left = copy_to_user_nofault((void __user *)addr, src, n);
	pagefault_enable();
	return left != 0 ? -EFAULT : 0;
}

/*
 * eBPF's rules at program load: confidentiality lockdown forbids
 * reading kernel memory (LOCKDOWN_BPF_READ_KERNEL), so no program;
 * integrity lockdown forbids writing user memory
 * (LOCKDOWN_BPF_WRITE_USER), so no destructive program, the one kind
 * that may call copyout().
 */
int dtrace_port_lockdown(bool destructive, char *msg, size_t size)
{
	if (security_locked_down(DTRACE_LOCKDOWN_READ_KERNEL) != 0) {
		strscpy(msg,
			"kernel lockdown (confidentiality) forbids "
			"reading kernel memory: no tracing",
			size);
		return -EPERM;
	}
	if (destructive && security_locked_down(LOCKDOWN_BPF_WRITE_USER) != 0) {
		strscpy(msg,
			"kernel lockdown (integrity) forbids "
			"writing user memory: no destructive actions",
			size);
		return -EPERM;
	}
	return 0;
}

/* 5.14+: vma_lookup(), the VMA that contains an address. */
#include <linux/mm.h>

struct vm_area_struct *conftest(struct mm_struct *mm, unsigned long addr);

struct vm_area_struct *conftest(struct mm_struct *mm, unsigned long addr)
{
	return vma_lookup(mm, addr);
}

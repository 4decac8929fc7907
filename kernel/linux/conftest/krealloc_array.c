/* 5.12+: krealloc_array(). */
#include <linux/slab.h>

void *conftest(void *p, size_t n);

void *conftest(void *p, size_t n)
{
	return krealloc_array(p, n, 8, GFP_KERNEL);
}

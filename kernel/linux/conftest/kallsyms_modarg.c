/* Before 6.4: kallsyms walkers pass each symbol's module to the callback. */
#include <linux/kallsyms.h>
#include <linux/module.h>

typedef int (*walk_fn)(int (*fn)(void *, const char *, struct module *,
				 unsigned long),
		       void *data);

walk_fn conftest(void);

walk_fn conftest(void)
{
	return kallsyms_on_each_symbol;
}

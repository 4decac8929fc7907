/*
 * 6.12 on (7.2 has it): whether RCU watches this CPU, inline in
 * <linux/context_tracking.h> (rcu_is_watching() is a call).
 */
#include <linux/context_tracking.h>

bool conftest(void);

bool conftest(void)
{
	return rcu_is_watching_curr_cpu();
}

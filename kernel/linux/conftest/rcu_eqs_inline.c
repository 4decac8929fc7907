/*
 * 6.1 to 6.11: the inverse of rcu_is_watching(), inline in
 * <linux/context_tracking.h> (an extended quiescent state: RCU does
 * not watch this CPU).
 */
#include <linux/context_tracking.h>

bool conftest(void);

bool conftest(void)
{
	return rcu_dynticks_curr_cpu_in_eqs();
}

/* Its constructor and main each call a function of their own, then it
 * exits: the target of test/d/options/tst.evaltime.sh (which of the two
 * a pid probe sees depends on where -x evaltime holds the process). */
#include <unistd.h>

int in_init(int x)
{
	return x + 1;
}
int in_main(int x)
{
	return x + 2;
}

__attribute__((constructor)) static void init(void)
{
	(void)in_init(getpid() > 0);
}

int main(void)
{
	return in_main(0) == 2 ? 0 : 1;
}

/* Calls tick() ten times a second until killed (or for the number of
 * seconds given): the running process the dtrace -p tests grab. */
#include <stdlib.h>
#include <unistd.h>

int tick(int n)
{
	return n + 1;
}

int main(int argc, char **argv)
{
	int limit = argc > 1 ? atoi(argv[1]) * 10 : -1;

	for (int n = 0; limit < 0 || n < limit; n = tick(n))
		usleep(100000);
	return 0;
}

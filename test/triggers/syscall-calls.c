/* Makes a known number of system calls with known arguments, then exits:
 * close() of the descriptors 1000, 1001 and 1002 (none open) once, twice
 * and three times, and getppid() seven times; with an argument N, only
 * dup(1003) N times. The target of the bpf backend's syscall aggregation
 * tests (test/bpf/dtrace_bpf.sh). */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd, i;

	if (argc > 1) {
		for (i = atoi(argv[1]); i > 0; i--)
			dup(1003);
		return 0;
	}
	for (fd = 1000; fd <= 1002; fd++)
		for (i = 0; i <= fd - 1000; i++)
			close(fd);
	for (i = 0; i < 7; i++)
		syscall(SYS_getppid);
	return 0;
}

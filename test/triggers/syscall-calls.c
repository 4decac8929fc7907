/* Makes a known number of system calls with known arguments, then exits:
 * close() of the descriptors 1000, 1001 and 1002 (none open) once, twice
 * and three times, and getppid() seven times; the target of the bpf
 * backend's syscall aggregation tests (test/bpf/dtrace_bpf.sh). */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	int fd, i;

	for (fd = 1000; fd <= 1002; fd++)
		for (i = 0; i <= fd - 1000; i++)
			close(fd);
	for (i = 0; i < 7; i++)
		syscall(SYS_getppid);
	return 0;
}

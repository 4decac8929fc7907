/*
 * A fake JIT: copies a small spinning function into anonymous executable
 * memory, names it jit_spin in /tmp/perf-PID.map as JIT runtimes do, and
 * calls it for argv[1] seconds (1 by default). The map stays, as a JIT
 * runtime leaves it, so that frames can be named after the exit; the test
 * removes it. x86-64 only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* mov $N, %rcx; 1: dec %rcx; jnz 1b; ret */
static const unsigned char code[] = {
	0x48, 0xb9, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x48, 0xff, 0xc9, 0x75, 0xfb, 0xc3,
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double until = now() + (argc > 1 ? atof(argv[1]) : 1);
	unsigned char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char path[64];
	FILE *f;

	if (p == MAP_FAILED)
		return 1;
	memcpy(p + 64, code, sizeof(code));
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return 1;
	fprintf(f, "%lx %zx jit_spin\n", (unsigned long)(p + 64), sizeof(code));
	fclose(f);
	while (now() < until)
		((void (*)(void))(p + 64))();
	return 0;
}

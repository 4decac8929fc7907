/* Probes made with SystemTap's <sys/sdt.h> (not with dtrace -h/-G): the
 * USDT target of test/d/pid/tst.stapsdt.sh. work(i, 100 * i, name) fires
 * three times; done(n) reports how often work's semaphore said some
 * tracer had it enabled. The names are read first: copyinstr() cannot
 * fault in a page the program never touched. */
#define _SDT_HAS_SEMAPHORES 1
#include <string.h>
#include <sys/sdt.h>

unsigned short trig_work_semaphore __attribute__((section(".probes")));
unsigned short trig_done_semaphore __attribute__((section(".probes")));

static const char *const names[] = { "zero", "one", "two", "three" };

int main(void)
{
	int enabled = 0;
	size_t len = 0;

	for (int i = 1; i <= 3; i++)
		len += strlen(names[i]);
	for (int i = 1; i <= 3; i++) {
		if (trig_work_semaphore)
			enabled++;
		STAP_PROBE3(trig, work, i, 100L * i, names[i]);
	}
	STAP_PROBE1(trig, done, enabled);
	return len == 11 ? 0 : 1;
}

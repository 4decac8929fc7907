/* 6.13+: hrtimer_setup() sets a timer up with its callback (hrtimer_init() went later). */
#include <linux/hrtimer.h>

void conftest(struct hrtimer *t, enum hrtimer_restart (*fn)(struct hrtimer *));

void conftest(struct hrtimer *t, enum hrtimer_restart (*fn)(struct hrtimer *))
{
	hrtimer_setup(t, fn, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
}

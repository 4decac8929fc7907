/*
 * ASSERTION: sdt:sched::sched_switch fires (context switches happen on
 * an idle machine too: the consumer itself sleeps between reads).
 */
#pragma D option quiet

sdt:sched::sched_switch
{
	n++;
}

tick-1s
{
	printf("%s switches seen: %d\n", "sched_switch", n > 0);
	exit(0);
}

/*
 * ASSERTION: entry and return probes of one syscall fire (the consumer
 * itself calls ioctl), and the return probe's arg0 equals arg1.
 */
#pragma D option quiet

syscall::ioctl:entry
{
	entries++;
}

syscall::ioctl:return
{
	returns++;
	differ += (arg0 != arg1);
}

syscall::ioctl:return
/entries > 0 && returns > 1/
{
	printf("entries and returns seen\n");
	printf("arg0 == arg1: %d\n", differ == 0);
	exit(0);
}

tick-20s
{
	printf("timed out: %d entries, %d returns\n", entries, returns);
	exit(0);
}

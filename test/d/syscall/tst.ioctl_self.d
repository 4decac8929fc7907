/*
 * ASSERTION: entry and return probes of one syscall fire for the
 * consumer's own ioctl calls, and the return probe's arg0 equals arg1.
 */
#pragma D option quiet

syscall::ioctl:entry
/execname == "dtrace"/
{
	entries++;
}

syscall::ioctl:return
/execname == "dtrace"/
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

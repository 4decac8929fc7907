/*
 * ASSERTION: entry and return probes of one syscall fire in pairs for
 * the consumer's own ioctl calls, and the return probe's arg0 equals
 * arg1.
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

tick-1s
{
	printf("entries: %d\n", entries > 0);
	printf("returns: %d\n", returns > 0);
	printf("arg0 == arg1: %d\n", differ == 0);
	exit(0);
}

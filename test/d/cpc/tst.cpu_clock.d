/*
 * ASSERTION: cpc:::cpu-clock-all-<ns> (a software counter, there under
 * QEMU TCG) fires with the interrupted PC in arg0 (kernel) or arg1
 * (user), never both.
 * @@timeout: 60
 */
#pragma D option quiet

cpc:::cpu-clock-all-1000000
{
	n++;
	both += arg0 != 0 && arg1 != 0;
}

cpc:::cpu-clock-all-1000000
/n == 50/
{
	printf("fired, both PCs set: %d\n", both);
	exit(0);
}

/*
 * ASSERTION: profile-997 fires on every CPU of the (two-CPU) guest, and
 * each firing carries a non-zero kernel or user PC.
 */
#pragma D option quiet

profile-997
{
	seen[cpu] = 1;
	n++;
	nopc += (arg0 == 0 && arg1 == 0);
}

tick-500ms
{
	printf("fired: %d\n", n > 2);
	printf("cpu0 cpu1: %d %d\n", seen[0], seen[1]);
	printf("pc always set: %d\n", nopc == 0);
	exit(0);
}

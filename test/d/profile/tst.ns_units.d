/*
 * ASSERTION: profile and tick intervals in nanoseconds, with either
 * suffix ns or nsec, create probes that fire.
 * A profile probe fires on every CPU at once, so the probes only set
 * flags and the line for each is printed once, at the end.
 * @@timeout: 60
 */
#pragma D option quiet

int a, b, c, d;

profile-300000000ns
{
	a = 1;
}

profile-300000000nsec
{
	b = 1;
}

tick-300000000ns
{
	c = 1;
}

tick-300000000nsec
{
	d = 1;
}

tick-100ms
/a && b && c && d/
{
	printf("profile ns\nprofile nsec\ntick ns\ntick nsec\n");
	exit(0);
}

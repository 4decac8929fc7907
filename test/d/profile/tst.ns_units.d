/*
 * ASSERTION: profile and tick intervals in nanoseconds, with either
 * suffix ns or nsec, create probes that fire (each prints once).
 * @@timeout: 60
 */
#pragma D option quiet

int a, b, c, d;

profile-300000000ns
/!a/
{
	a = 1;
	printf("profile ns\n");
}

profile-300000000nsec
/!b/
{
	b = 1;
	printf("profile nsec\n");
}

tick-300000000ns
/!c/
{
	c = 1;
	printf("tick ns\n");
}

tick-300000000nsec
/!d/
{
	d = 1;
	printf("tick nsec\n");
}

tick-100ms
/a && b && c && d/
{
	exit(0);
}

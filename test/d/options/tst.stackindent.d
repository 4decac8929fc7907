/*
 * ASSERTION: -x stackindent sets the blanks before every stack() frame
 * (here 3 from a pragma); setopt() changes it while tracing (0 for the
 * second clause's stack).
 */
#pragma D option quiet
#pragma D option stackindent=3

BEGIN
{
	printf("three");
	stack(2);
	setopt("stackindent", "0");
}

BEGIN
{
	printf("zero");
	stack(2);
	exit(0);
}

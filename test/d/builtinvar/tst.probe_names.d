/* ASSERTION: probeprov, probemod, probefunc and probename describe the firing probe; execname is the consumer's. */
#pragma D option quiet

BEGIN
{
	printf("%s:%s:%s:%s %s\n", probeprov, probemod, probefunc, probename, execname);
	printf("%d %d %d\n", pid > 0, tid > 0, timestamp > 0);
	exit(0);
}

/*
 * ASSERTION: a tick probe reports the interrupted PC: at most one of
 * arg0 (kernel PC) and arg1 (user PC) is non-zero, and the firing is
 * in probe context with the provider's names in the built-ins.
 */
#pragma D option quiet

tick-50ms
{
	both += (arg0 != 0 && arg1 != 0);
	n++;
}

tick-50ms
/n == 5/
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	printf("never both: %d\n", both == 0);
	exit(0);
}

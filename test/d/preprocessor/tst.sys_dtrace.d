/*
 * ASSERTION: under -C, #include <sys/dtrace.h> finds dtrace's own
 * header (this build's before any installed one) and its fault codes
 * are the ones the module reports in dtrace:::ERROR's arg4.
 */
/* @@runtest-opts: -C */
#include <sys/dtrace.h>

#pragma D option quiet

ERROR
{
	printf("arg4 %d badaddr %d\n", arg4, arg4 == DTRACEFLT_BADADDR);
}

BEGIN
{
	x = (int *)64;
	y = *x;
}

BEGIN
{
	printf("%d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_DIVZERO,
	    DIF_SUBR_MAX >= DIF_SUBR_STRLEN);
	exit(0);
}

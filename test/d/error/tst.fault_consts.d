/*
 * ASSERTION: the fault constants D predefines are the codes the module
 * reports in dtrace:::ERROR's arg4: a load from an unmapped address is
 * DTRACEFLT_BADADDR, a division by zero DTRACEFLT_DIVZERO; the other
 * names exist with DTrace's values.
 */
#pragma D option quiet

ERROR
{
	printf("arg4 %d badaddr %d divzero %d\n", arg4,
	    arg4 == DTRACEFLT_BADADDR, arg4 == DTRACEFLT_DIVZERO);
}

BEGIN
{
	x = (int *)64;
	y = *x;
}

BEGIN
{
	z = 0;
	y = 10 / z;
}

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d\n", DTRACEFLT_UNKNOWN,
	    DTRACEFLT_BADADDR, DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP,
	    DTRACEFLT_DIVZERO, DTRACEFLT_NOSCRATCH, DTRACEFLT_KPRIV,
	    DTRACEFLT_UPRIV, DTRACEFLT_TUPOFLOW, DTRACEFLT_BADSTACK);
	exit(0);
}

/*
 * ASSERTION: dtrace:::ERROR names the action and the DIF offset DTrace
 * names for the same program. Each statement of a clause is an action
 * of its own, whose DIFO starts at offset 0 (4 bytes an instruction);
 * a cast that narrows a value or changes its signedness is three
 * instructions (the shift count, a left shift, a right shift); each
 * subroutine argument is pushed by two (its size, then the push) after
 * all of them are evaluated and the tuple stack flushed.
 */
#pragma D option quiet

ERROR
{
	printf("action %d offset %d fault %d\n", arg2, arg3, arg4);
}

BEGIN
{
	x = 0;
	y = 1;
	/* action 3: ldgs y, ldgs x, sdiv: offset 8 */
	z = y / x;
}

BEGIN
{
	/* action 1: setx, the cast's three, ldsb: offset 16 */
	*(char *)NULL;
}

BEGIN
{
	p = alloca(4);
	/*
	 * action 2: setx and the cast's three, ldgs p, setx (sizeof is a
	 * size_t: no cast), flushts, three pushes of two: call at 13,
	 * offset 52
	 */
	bcopy((void *)NULL, p, sizeof (int));
}

BEGIN
{
	q = (int *)64;
}

BEGIN
{
	/* action 1: ldgs q, setx 3, stw: offset 8, an invalid address */
	*q = 3;
}

BEGIN
{
	exit(0);
}

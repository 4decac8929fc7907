/*
 * ASSERTION: speculate() of 0 or of an id past nspec drops the rest of
 * its clause without an error, as DTrace does; commit() of an id past
 * nspec is an illegal operation reported without a DIF offset (the
 * fault is the action's, not its DIFO's) and ERROR sees arg3 = -1.
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	speculate(0);
	zero++;
}

BEGIN
{
	speculate(3);
	past++;
}

BEGIN
{
	speculate(-1);
	negative++;
}

BEGIN
{
	printf("after speculate: %d %d %d\n", zero, past, negative);
}

BEGIN
{
	commit(3);
}

ERROR
{
	printf("ERROR: action %d offset %d fault %d\n", arg2, (int)arg3, arg4);
}

BEGIN
{
	exit(0);
}

/*
 * ASSERTION: a statement before speculate() runs before speculate()
 * picks its buffer, as DTrace runs a clause's actions in order: the
 * speculation taken in the same clause gets the record, and commit()
 * prints it.
 */
#pragma D option quiet
#pragma D option nspec=1

BEGIN
{
	spec = speculation();
	speculate(spec);
	printf("speculated on %d\n", spec);
}

BEGIN
{
	commit(spec);
}

BEGIN
{
	exit(0);
}

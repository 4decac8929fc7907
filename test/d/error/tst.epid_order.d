/*
 * ASSERTION: the enabled probe IDs (EPIDs) count the program's clauses
 * from 1 in their order, as in DTrace: dtrace's own ERROR clause comes
 * after them, so an error names the same EPID that dtrace:::ERROR's
 * arg1 gives the program (here the third clause).
 */
#pragma D option quiet

ERROR
{
	printf("ERROR for enabled probe %d\n", arg1);
	exit(0);
}

END
{
	printf("END\n");
}

BEGIN
{
	*(char *)NULL;
}

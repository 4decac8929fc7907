/*
 * ASSERTION: a clause's actions are compiled before its predicate, so a
 * variable the actions create may be read in the predicate; when the
 * actions read one only the predicate creates, the predicate comes first.
 */
#pragma D option quiet

BEGIN
/x == 0/
{
	x++;
	printf("x %d\n", x);
}

BEGIN
/y++ == 0/
{
	printf("y %d\n", y);
	exit(0);
}

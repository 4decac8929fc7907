/* ASSERTION: a clause whose predicate is false records nothing. */
#pragma D option quiet

BEGIN
/1 == 2/
{
	printf("wrong\n");
}

BEGIN
/2 > 1 && "a" < "b"/
{
	printf("right\n");
	exit(0);
}

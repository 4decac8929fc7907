/* ASSERTION: a fault in a predicate is reported as such. */
#pragma D option quiet

BEGIN
/ *(int *)16 == 0 /
{
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

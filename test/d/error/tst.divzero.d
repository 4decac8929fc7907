/*
 * ASSERTION: division by zero faults in the action that divides, names
 * it, and leaves later clauses running.
 */
#pragma D option quiet

BEGIN
{
	x = 0;
	printf("%d\n", 10 / x);
}

BEGIN
{
	printf("after\n");
	exit(0);
}

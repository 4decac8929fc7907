/*
 * ASSERTION: strtok(NULL, ...) goes on with the string of this firing's
 * last strtok(), from clause to clause; the NULL that says no token is
 * left forgets the string, and a strtok(NULL, ...) after it reads
 * address 0: an ERROR, as in DTrace (the same as one before any string
 * in the firing).
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strtok("p,q", ","));
}

BEGIN
{
	printf("%s\n", strtok(NULL, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
}

BEGIN
{
	trace(strtok(NULL, ","));
	printf("not reached\n");
}

ERROR
{
	printf("fault %d at 0x%x\n", arg4, arg5);
	exit(0);
}

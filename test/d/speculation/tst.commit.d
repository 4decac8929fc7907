/*
 * ASSERTION: speculative output stays out of the principal buffer until
 * commit(), which appends it after the records traced before it.
 */
#pragma D option quiet

BEGIN
{
	self->spec = speculation();
	printf("id %d\n", self->spec);
}

BEGIN
{
	speculate(self->spec);
	printf("speculative %d\n", 1);
}

BEGIN
{
	speculate(self->spec);
	printf("speculative %s\n", "two");
}

BEGIN
{
	printf("before commit\n");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	exit(0);
}

/*
 * ASSERTION: discard() throws speculative output away and frees the id
 * for the next speculation(); speculate(0) records nothing.
 */
#pragma D option quiet

BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("never shown\n");
}

BEGIN
{
	discard(self->spec);
}

BEGIN
{
	speculate(0);
	printf("not shown either\n");
}

BEGIN
{
	printf("again %d\n", speculation());
	exit(0);
}

/*
 * ASSERTION: self-> variables keep their value between clauses on the
 * same thread, start at 0, and are freed by assigning 0.
 */
#pragma D option quiet

self int x;
self string s;

BEGIN
{
	printf("unset %d\n", self->x);
	self->x = 40;
	self->s = "thread";
}

BEGIN
{
	self->x += 2;
	printf("%d %s\n", self->x, self->s);
	self->x = 0;
	self->s = 0;
}

BEGIN
{
	printf("freed %d\n", self->x);
	exit(0);
}

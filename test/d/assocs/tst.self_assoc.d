/*
 * ASSERTION: thread-local associative arrays (self->a[k]) are keyed by
 * thread and tuple, and do not share storage with a global of that name.
 */
#pragma D option quiet

BEGIN
{
	self->a["x", 1] = 7;
	a["x", 1] = 9;
}

BEGIN
{
	printf("%d %d %d\n", self->a["x", 1], a["x", 1], self->a["x", 2]);
	exit(0);
}

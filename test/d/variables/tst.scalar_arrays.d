/*
 * ASSERTION: D variables may be scalar arrays, as in C: a global, a
 * thread-local and a clause-local int [4] start as zeros, keep what
 * their elements are given (constant and computed indexes) from one
 * clause to the next (global, thread-local), and have the array's size.
 */
#pragma D option quiet

int a[4];
self int b[4];
this int c[4];

BEGIN
{
	a[1] = 2;
	i = 3;
	a[i] = a[1] + 5;
	self->b[2] = 7;
	this->c[0] = 9;
	printf("%d %d %d %d %d\n", a[0], a[1], a[3], sizeof(a), sizeof(this->c));
	printf("%d %d %d %d\n", self->b[2], self->b[1], this->c[0], this->c[3]);
}

BEGIN
{
	printf("%d %d %d\n", a[1] + a[3], self->b[2], self->b[0]);
	exit(0);
}

/*
 * ASSERTION: & of a D array's element is the element's address (reads
 * through it see the element; &a[i] + 1 is &a[i + 1]), for global and
 * thread-local arrays and arrays of structs.
 */
#pragma D option quiet

int a[5];
struct pt {
	int x;
	int y;
} pts[3];
self int t[4];

BEGIN
{
	a[1] = 3;
	a[2] = 4;
	pts[2].y = 9;
	self->t[3] = 7;
	p = &a[1];
	q = &pts[2];
	r = &self->t[3];
	printf("%d %d %d %d %d\n", *p, *(p + 1), p + 1 == &a[2], q->y, *r);
	exit(0);
}

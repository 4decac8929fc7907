/*
 * ASSERTION: declared scalar arrays (global, self->, this->, of structs,
 * two-dimensional) hold fixed elements indexed from 0; an index outside
 * one faults instead of reaching the variables beside it.
 */
#pragma D option quiet

struct pt {
	int x;
	int y;
};

int a[5];
int m[3][4];
struct pt pts[2];
self int s[3];
this int l[2];

BEGIN
{
	a[0] = 10;
	a[4] = 40;
	a[4]++;
	i = 2;
	a[i] = a[0] + a[4];
	m[1][2] = 12;
	m[2][3] = m[1][2] * 2;
	pts[1].y = 7;
	self->s[2] = 3;
	this->l[1] = 9;
	printf("a: %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4]);
	printf("m: %d %d, sizeof %d\n", m[1][2], m[2][3], sizeof (m));
	printf("pts: %d %d\n", pts[0].y, pts[1].y);
	printf("self: %d %d, this: %d\n", self->s[0], self->s[2], this->l[1]);
}

BEGIN
{
	j = 5;
	a[j] = 99;
}

BEGIN
{
	printf("after: a[4] %d, j %d\n", a[4], j);
	exit(0);
}

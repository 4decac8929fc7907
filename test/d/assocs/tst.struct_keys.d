/*
 * ASSERTION: a struct or union is a key of an associative array by its
 * bytes: two variables holding the same members name one element, a
 * member changed names another; global and thread-local arrays, a key
 * beside a string, and a union key.
 */
#pragma D option quiet

struct spot {
	int row;
	char col;
};

union cell {
	int word;
	char bytes[4];
};

struct spot a, b;
union cell u, v;

BEGIN
{
	a.row = 3;
	a.col = 'x';
	b.row = 3;
	b.col = 'x';
	seen[a] = 10;
	seen[b] += 5;
	printf("same: %d %d\n", seen[a], seen[b]);

	b.col = 'y';
	seen[b] = 7;
	printf("differ: %d %d\n", seen[a], seen[b]);

	self->at[a, "left"] = 1;
	self->at[a, "right"] = 2;
	printf("thread: %d %d\n", self->at[a, "left"], self->at[b, "left"]);

	u.word = 0x41424344;
	v.bytes[0] = 0x44;
	v.bytes[1] = 0x43;
	v.bytes[2] = 0x42;
	v.bytes[3] = 0x41;
	byunion[u] = 99;
	printf("union: %d\n", byunion[v]);
	exit(0);
}

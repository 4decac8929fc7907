/*
 * ASSERTION: an anonymous struct is a variable's type: the value of an
 * associative array (struct { ... } command[int]) and of scalars
 * declared together, with an anonymous union and enum too.
 */
#pragma D option quiet

struct {
	string str;
	int n;
} command[int];

struct {
	int a;
	char c;
} x, y;

union {
	int i;
	char c[4];
} u;

enum { ANON_A = 3, ANON_B } e;

BEGIN
{
	command[1].str = "one";
	command[1].n = 1;
	command[2].str = "two";
	command[2].n = 2;
	x.a = 7;
	y = x;
	u.i = 0x41;
	e = ANON_B;
	printf("%s %d %s %d\n", command[1].str, command[1].n,
	    command[2].str, command[2].n);
	printf("%d %d %c %d\n", y.a, sizeof (x), u.c[0], e);
	exit(0);
}

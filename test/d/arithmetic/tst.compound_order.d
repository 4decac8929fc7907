/*
 * ASSERTION: x op= y reads x before it evaluates y, as DTrace does, for a
 * variable, an associative array element and a struct member: a side
 * effect of y on x does not change the value added to.
 */
#pragma D option quiet

struct box {
	int x;
};

struct box g;

BEGIN
{
	i = 4;
	i += i++ + --i + ++i - ++i * i;
	printf("%d\n", i);
	i -= i++ * 3;
	printf("%d\n", i);
	a[1] = 5;
	a[1] += a[1]++;
	printf("%d\n", a[1]);
	g.x = 3;
	g.x *= g.x++;
	printf("%d\n", g.x);
	exit(0);
}

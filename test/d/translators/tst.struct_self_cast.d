/*
 * ASSERTION: a struct casts to its own type, as translators written
 * for DTrace do with their input ((struct in)v).m; the translation of
 * a struct value and of a struct to itself both see the members.
 */
#pragma D option quiet

struct in {
	int i;
	char c;
};

struct out {
	int n;
	char ch;
};

translator struct out < struct in v >
{
	n = ((struct in)v).i * 2;
	ch = ((struct in)v).c;
};

translator struct in < struct in w >
{
	i = ((struct in)w).i + 1;
	c = w.c;
};

struct in src;

BEGIN
{
	src.i = 21;
	src.c = 'x';
	printf("%d %c %d %c\n", xlate <struct out> (src).n,
	    xlate <struct out> (src).ch, xlate <struct in> (src).i,
	    ((struct in)src).c);
	exit(0);
}

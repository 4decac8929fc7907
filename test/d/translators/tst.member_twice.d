/*
 * ASSERTION: a translator may assign a member more than once (DTrace
 * accepts it); each assignment is type-checked and the last one is the
 * member's value, as in a C initializer.
 */
#pragma D option quiet

struct in {
	int a;
	char b;
};

struct out {
	int v;
};

translator struct out < struct in *p > {
	v = p->a;
	v = p->b;
};

BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	this->p->a = 1;
	this->p->b = 2;
	printf("%d\n", xlate <struct out> (this->p).v);
	exit(0);
}

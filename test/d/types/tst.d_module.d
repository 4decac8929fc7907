/*
 * ASSERTION: the module name D scopes types declared in D: struct D`s,
 * D`typedef_t and the built-in D`int name the same types as unscoped.
 */
#pragma D option quiet

struct dpair {
	uint32_t hash;
	uint32_t len;
};

typedef struct dpair dpair_t;

BEGIN
{
	p = (struct D`dpair *)alloca(sizeof (struct D`dpair));
	p->hash = 5;
	p->len = 6;
	q = (D`dpair_t *)p;
	printf("%d %d %d %d %d\n", sizeof (struct D`dpair), sizeof (D`dpair_t),
	    q->hash, q->len, (D`int)-1);
	exit(0);
}

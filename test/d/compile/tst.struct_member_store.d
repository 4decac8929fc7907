/*
 * ASSERTION: stores into members and elements compile wherever D owns the
 * memory: members of associative-array, self-> and global structs, nested
 * members and member arrays, bit-fields, and what a pointer from alloca()
 * or copyin() (kept in a variable or not) points to.
 * @@runtest-opts: -e
 */
struct inner {
	int v[2];
	unsigned int lo : 4;
};

struct outer {
	struct inner in;
	char *name;
	long n;
};

struct outer a[int, string];
self struct outer s;
struct outer g;

syscall::read:entry
{
	a[pid, execname].in.v[1] = arg2;
	a[pid, execname].in.lo++;
	a[pid, execname].n += arg2;
	self->s.in = a[pid, execname].in;
	self->s.name = (char *)arg1;
	g.n = self->s.in.v[1] << 2;
	self->p = (long *)copyin(arg1, 16);
	self->p[1] ^= 0xff;
	((struct inner *)alloca(sizeof (struct inner)))->lo = 3;
	*(int *)alloca(4) = 7;
}

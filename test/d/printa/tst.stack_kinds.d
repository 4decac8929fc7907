/*
 * ASSERTION: stack(), ustack() and jstack() keys may share one
 * aggregation (DTrace gives them one type, "stack"); each entry prints
 * with its own kind, and equal user stacks of two statements are one
 * entry.
 */

#pragma D option quiet

BEGIN
{
	@[stack()] = count();
	@[ustack()] = count();
	@[ustack()] = count();
	@[jstack()] = count();
	printa("== %@d ==%k\n", @);
	exit(0);
}

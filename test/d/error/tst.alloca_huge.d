/*
 * ASSERTION: an alloca() larger than the scratch space faults with
 * "out of scratch space"; later clauses and firings run normally.
 */
#pragma D option quiet

BEGIN
{
	this->p = alloca(1 << 30);
	trace(1);
}

BEGIN
{
	this->q = (int *)alloca(8);
	printf("alive %d\n", *this->q + 5);
	exit(0);
}

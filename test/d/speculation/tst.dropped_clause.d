/*
 * ASSERTION: when a speculation cannot take a clause's record (its
 * buffer, specsize=16, is smaller than the record), the whole clause is
 * dropped: the statements after speculate() do not run either. A clause
 * whose record fits runs them. The drop is counted when the speculation
 * is committed (s), not while it is discarded (t), as DTrace counts it.
 */
#pragma D option quiet
#pragma D option specsize=16
#pragma D option nspec=3

BEGIN
{
	s = speculation();
	small = speculation();
	t = speculation();
}

BEGIN
{
	speculate(s);
	printf("%s\n", "more than the sixteen bytes this buffer holds");
	ran++;
}

BEGIN
{
	speculate(small);
	ran_small++;
}

BEGIN
{
	speculate(t);
	printf("%s\n", "more than the sixteen bytes this buffer holds");
}

BEGIN
{
	discard(t);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("ran %d, ran_small %d\n", ran, ran_small);
	exit(0);
}

/*
 * ASSERTION: with nspec=2 the third speculation() returns 0 while two
 * are active; a committed one can be taken again.
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	printf("%d %d %d\n", a, b, c);
}

BEGIN
{
	commit(a);
}

BEGIN
{
	printf("%d\n", speculation());
	exit(0);
}

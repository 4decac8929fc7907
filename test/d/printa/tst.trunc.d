/*
 * ASSERTION: trunc(@, n) keeps the n largest entries, trunc(@, -n) the
 * n smallest, trunc(@) none.
 */
#pragma D option quiet

BEGIN
{
	@t[1] = sum(1); @t[2] = sum(2); @t[3] = sum(3); @t[4] = sum(4);
	@u[1] = sum(1); @u[2] = sum(2); @u[3] = sum(3); @u[4] = sum(4);
	@v[1] = sum(1);
	trunc(@t, 2);
	trunc(@u, -1);
	trunc(@v);
	exit(0);
}

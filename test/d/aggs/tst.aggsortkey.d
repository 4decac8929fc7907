/*
 * ASSERTION: aggsortkey sorts entries by key instead of value.
 * tst.aggsortrev.sh runs this program with -x aggsortrev instead.
 * @@runtest-opts: -x aggsortkey
 */
#pragma D option quiet

BEGIN
{
	@["b"] = sum(1);
	@["c"] = sum(3);
	@["a"] = sum(2);
	exit(0);
}

/*
 * ASSERTION: printa(@a) prints a blank line then the entries, and the
 * aggregation is not printed again at exit.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	printf("before\n");
	printa(@a);
	printf("after\n");
	exit(0);
}

/*
 * ASSERTION: printa() in END sees the final data; nothing is dumped after.
 */
#pragma D option quiet

BEGIN
{
	@n = sum(41);
	exit(0);
}

END
{
	@n = sum(1);
	printa("n=%@d\n", @n);
}

/* ASSERTION: global variables keep their values across clauses of one firing. */
#pragma D option quiet

BEGIN
{
	n = 40;
	s = "forty";
}

BEGIN
{
	n = n + 2;
	printf("%d %s\n", n, s);
	exit(0);
}

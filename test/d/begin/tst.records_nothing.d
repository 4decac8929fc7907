/*
 * ASSERTION: a clause whose statements record nothing (assignments,
 * speculation(), commit()) prints no line, as DTrace's module keeps no
 * record of its firing; an empty clause still prints the probe (the
 * default action), and a clause that records prints its line.
 */

BEGIN
{
	x = 1;
}

BEGIN
{
	a["k"] = 2;
	s = speculation();
}

BEGIN
{
	commit(s);
}

BEGIN
{
}

BEGIN
{
	printf("%d %d", x, a["k"]);
	exit(0);
}

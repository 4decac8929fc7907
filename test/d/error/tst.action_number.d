/*
 * ASSERTION: a fault names the predicate or the action it happened in,
 * counting every D statement of the clause as an action, as DTrace does:
 * statements that record nothing share code with their neighbours here,
 * yet keep their own numbers. A fault discards what the clause recorded
 * before it (the trace(1) of the fifth clause).
 */
#pragma D option quiet

BEGIN
{
	x = 0;
	y = 1;
	z = y / x;
}

BEGIN
{
	a = 1;
	trace(a / x);
}

BEGIN
{
	printf("%d %d\n", 1, 2 / x);
}

BEGIN
/(10 / x) > 0/
{
	trace(1);
}

BEGIN
{
	trace(1);
	b = 2;
	c = b % x;
}

BEGIN
{
	printf("done\n");
	exit(0);
}

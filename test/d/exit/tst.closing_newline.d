/*
 * ASSERTION: dtrace(1) ends every run with one newline, also under -q:
 * after END's output (which printa() there is part of) and before the
 * aggregations not printed yet, which follow without blank lines.
 */
#pragma D option quiet

BEGIN
{
	@a = sum(1);
	@b = sum(2);
	@c = sum(3);
	printf("no newline of its own");
	exit(0);
}

END
{
	printf("; END");
	printa(@a);
	printf("after printa");
}

/*
 * ASSERTION: a string-returning subroutine's result compares with NULL
 * (its address against 0), as DTrace accepts: strchr() finds or not.
 */
#pragma D option quiet

BEGIN
{
	s = "key=value";
	printf("%d %d\n", strchr(s, '=') != NULL, strchr(s, 'x') != NULL);
	printf("%d\n", NULL == strstr(s, "nope"));
	exit(0);
}

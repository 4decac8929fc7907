/* ASSERTION: string subroutines and string comparisons by value. */
#pragma D option quiet

BEGIN
{
	s = strjoin("trace", "point");
	printf("%s %d %s\n", s, strlen(s), substr(s, 5, 3));
	printf("%d %d %d\n", s == "tracepoint", s != "x", "abc" < "abd");
	printf("%s\n", lltostr(-9876));
	exit(0);
}

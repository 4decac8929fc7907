/*
 * ASSERTION: the string subroutines at their edges, as DTrace defines
 * them: strtok() returns NULL when no token is left, and NULL compares
 * equal to "" (a comparison, not a fault); substr() with a start before
 * the string keeps what its length reaches; index() and rindex() clamp
 * a start outside the string; cleanpath() keeps a trailing "/" or "/.".
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("::x::", ":"));
	printf("[%d]", strtok(NULL, ":") == "");
	printf("[%d]\n", strtok("", ",") != "");

	printf("[%s][%s][%s]\n", substr("abcdef", -9, 4),
	    substr("abcdef", -9, 9), substr("abcdef", -9, 3));

	printf("%d %d %d %d %d\n", index("abc", "", 10), index("", "", 2),
	    rindex("abc", "", -3), rindex("abcabc", "abc", -1),
	    rindex("abcabc", "abc", 99));

	printf("%s %s %s %s %s\n", cleanpath("/a//b/"), cleanpath("/a/b/."),
	    cleanpath("/a/x/../b/.//"), cleanpath("./"), cleanpath("/.."));
	exit(0);
}

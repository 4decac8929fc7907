/*
 * ASSERTION: associative arrays take tuple keys mixing strings and
 * integers; distinct tuples are distinct elements; missing ones read 0.
 */
#pragma D option quiet

BEGIN
{
	a["k", 2] = 3;
	a["k", 3] = 4;
	a["j", 2] = 5;
	name[1] = "one";
	name[2] = "two";
}

BEGIN
{
	printf("%d %d %d %d\n", a["k", 2], a["k", 3], a["j", 2], a["j", 3]);
	printf("%s %s\n", name[2], name[1]);
	exit(0);
}

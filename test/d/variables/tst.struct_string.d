/*
 * ASSERTION: a string member of a D struct holds strsize bytes: stores
 * copy up to the NUL and truncate longer strings; members after it keep
 * their own values.
 */
#pragma D option quiet
#pragma D option strsize=16

struct info {
	string name;
	int n;
};

struct info i[int];

BEGIN
{
	i[1].name = "short";
	i[1].n = 5;
	i[2].name = "abcdefghijklmnopqrstuvwxyz";
	i[2].n = 6;
	i[3].n = 7;
	i[3].name = execname;
	printf("%s %d\n%s %d\n%s %d\n", i[1].name, i[1].n, i[2].name, i[2].n,
	    i[3].name, i[3].n);
	printf("size %d, n at %d\n", sizeof (struct info), offsetof(struct info, n));
	exit(0);
}

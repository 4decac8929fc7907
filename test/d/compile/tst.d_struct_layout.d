/*
 * ASSERTION: D struct layout is DTrace's: members are aligned to their
 * size (an array to its element's, a struct to its first member's, a union
 * to its largest member's), the struct ends at its last member's last
 * byte with no padding after it, unions overlap.
 */
#pragma D option quiet

struct pair {
	char c;
	int i;
	long l;
	short s;
};

union both {
	int i;
	long l;
};

struct outer {
	char tag;
	struct pair p;
	union both b;
};

BEGIN
{
	printf("%d %d %d %d\n", offsetof(struct pair, c), offsetof(struct pair, i),
	    offsetof(struct pair, l), offsetof(struct pair, s));
	printf("%d %d\n", sizeof(struct pair), sizeof(union both));
	printf("%d %d %d\n", offsetof(struct outer, p), offsetof(struct outer, b),
	    sizeof(struct outer));
	exit(0);
}

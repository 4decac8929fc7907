/*
 * ASSERTION: D struct layout follows C: members are aligned to their
 * size, the struct is padded to its largest member, unions overlap.
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

BEGIN
{
	printf("%d %d %d %d\n", offsetof(struct pair, c), offsetof(struct pair, i),
	    offsetof(struct pair, l), offsetof(struct pair, s));
	printf("%d %d\n", sizeof(struct pair), sizeof(union both));
	exit(0);
}

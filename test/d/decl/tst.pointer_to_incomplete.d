/*
 * ASSERTION: a pointer to a struct not yet defined, or to the struct
 * being defined, is a complete member.
 */
#pragma D option quiet

struct list { struct list *next; struct later *data; int v; };
struct later { int x; };

BEGIN
{
	printf("%d\n", sizeof (struct list));
	exit(0);
}

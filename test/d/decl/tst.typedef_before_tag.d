/*
 * ASSERTION: a typedef of a struct declared only by name takes the
 * struct's layout once the struct is defined (the compiler crashed).
 */
#pragma D option quiet

typedef struct t t;
typedef struct l { struct l *n; t *m; } l_t;
struct t { l_t l; int v; };

BEGIN
{
	printf("%d %d\n", sizeof (t), sizeof (struct t));
	exit(0);
}

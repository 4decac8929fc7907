/*
 * ASSERTION: a member of a translated value computes that member's
 * translator expression from the xlate operand (and nothing else), for
 * xlate<T *>(e)->m, xlate<T>(e).m, (*xlate<T *>(e)).m and through an
 * inline.
 */
#pragma D option quiet

typedef struct pt { int x; int y; int sum; } pt_t;

translator pt_t < int v > { x = v; y = v * 10; sum = v + v * 10; };

inline pt_t *five = xlate <pt_t *> (5);

BEGIN
{
	printf("%d %d %d %d\n", xlate <pt_t *> (2)->x, xlate <pt_t> (3).y,
	    (*xlate <pt_t *> (4)).sum, five->y);
	exit(0);
}

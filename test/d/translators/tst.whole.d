/*
 * ASSERTION: a translated value used whole is built in scratch: every
 * member the translator defines is filled, others read 0.
 */
#pragma D option quiet

typedef struct pt { int x; long y; int unset; } pt_t;

translator pt_t < int v > { x = v; y = v * 100; };

BEGIN
{
	this->p = xlate <pt_t *> (7);
	printf("%d %d %d\n", this->p->x, this->p->y, this->p->unset);
	exit(0);
}

/*
 * ASSERTION: memory from alloca() and copyin() is written through
 * pointers held in D variables: ->, *, [] and member arrays.
 */
#pragma D option quiet

struct pair {
	int a;
	int b[3];
};

BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->a = 3;
	this->p->b[1] = this->p->a * 2;
	this->q = (int *)alloca(4 * sizeof (int));
	*this->q = 9;
	this->q[3] = 8;
	this->q[3] -= 1;
	(*this->p).b[2] = 5;
	printf("%d %d %d %d %d\n", this->p->a, this->p->b[1], this->p->b[2],
	    this->q[0], this->q[3]);
	exit(0);
}

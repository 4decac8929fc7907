/*
 * ASSERTION: float, double and long double are data D declares, copies
 * and prints: zero until stored, stored from their own type, laid out in
 * memory as C lays them out, printed by %e %f %g with width, precision
 * and flags, and by print() in exponent form. The values are written as
 * integers through unions in scratch memory (D has no floating-point
 * constants or arithmetic).
 */
#pragma D option quiet

float f;
double d;
long double ld;
union fbits { uint32_t i; float f; };
union dbits { uint64_t i; double d; };

BEGIN
{
	this->f = (union fbits *)alloca(sizeof (union fbits));
	this->d = (union dbits *)alloca(sizeof (union dbits));
	this->f->i = 0x40200000;		/* 2.5 */
	this->d->i = 0xc0934a0000000000;	/* -1234.5 */
	printf("%f %e %g %Lf\n", f, d, f, ld);
	printf("%f %.2e %g %E %G\n", this->f->f, this->d->d, this->d->d, this->f->f, this->d->d);
	d = this->d->d;
	f = this->f->f;
	printf("%10.1f|%-8.3f|%+.1f\n", d, f, f);
	print(*this->d);
	exit(0);
}

/*
 * ASSERTION: an integer is a pointer member's value only as the constant
 * 0: a char assigned to a char * member is D_XLATE_INCOMPAT.
 */
struct in { int i; char c; };
struct out { int myi; char *myc; };

translator struct out < struct in *p >
{
	myi = p->i;
	myc = p->c;
};

BEGIN
{
	exit(0);
}

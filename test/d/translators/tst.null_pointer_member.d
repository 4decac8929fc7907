/*
 * ASSERTION: the constant 0 is a pointer member's value (NULL), and a
 * translated pointer's members may be read through ->.
 */
#pragma D option quiet

struct in { int i; };
struct out { int myi; char *myc; };

translator struct out < struct in *p >
{
	myi = 7;
	myc = 0;
};

struct in *f;

BEGIN
{
	printf("%d %d\n", xlate<struct out *>(f)->myi, xlate<struct out *>(f)->myc == NULL);
	exit(0);
}

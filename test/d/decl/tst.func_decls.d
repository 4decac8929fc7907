/*
 * ASSERTION: C function declarations, as headers bring them under -C,
 * are accepted and ignored: with and without parameters, void, pointer
 * results, varargs, next to function pointer variables.
 */
#pragma D option quiet

extern int getint(void);
extern int *getptr(void);
extern int *(*funcptr)(void);
extern int noparms();
extern int oneparm(int);
extern int twoparms(int x, char *s);
int logf(const char *, ...), ncalls;

BEGIN
{
	ncalls = 2;
	printf("ncalls %d\n", ncalls);
	exit(0);
}

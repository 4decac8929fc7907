/* ASSERTION: a function declaration's void parameter may not be named. */
int f(void v);

BEGIN
{
	exit(0);
}

/*
 * ASSERTION: a function may not return an array: (*f)(int)[4] declares
 * a pointer to one, which C refuses.
 */
int (*f)(int)[4];

BEGIN
{
	exit(0);
}

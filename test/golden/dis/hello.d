/* ASSERTION: trace() of a string constant and exit(0): SETS, SETX, RET. */
BEGIN
{
	trace("hello");
	exit(0);
}

/* ASSERTION: in quiet mode trace() of a string prints only the string. */
#pragma D option quiet

BEGIN
{
	trace("hello");
	exit(0);
}

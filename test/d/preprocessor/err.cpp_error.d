/* @@runtest-opts: -C */
/*
 * ASSERTION: a script cpp rejects fails to compile.
 */
#error this script stops in cpp

BEGIN
{
	exit(0);
}

/* @@runtest-opts: -C */
/*
 * ASSERTION: compile errors after cpp still report a D error tag.
 */
#define NAME undefined_identifier_xyz

BEGIN
{
	trace(NAME);
}

/*
 * ASSERTION: without -q a record gets DTrace's header and prefix (CPU,
 * probe id, function:name) and a traced string is padded to 33 columns.
 */
BEGIN
{
	trace("hello");
	exit(0);
}

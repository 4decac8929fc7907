/*
 * ASSERTION: a struct neither D nor the kernel defines cannot be looked into.
 */
BEGIN
{
	trace(((struct no_such_struct_xyz *)arg0)->x);
}

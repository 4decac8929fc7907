/*
 * ASSERTION: a name that is not a member of a kernel struct is refused.
 */
BEGIN
{
	trace(curthread->no_such_member_xyz);
}

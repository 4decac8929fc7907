/*
 * ASSERTION: a member of an expression that is not an lvalue cannot be
 * assigned.
 */
BEGIN
{
	(curthread->pid + 1) = 2;
}

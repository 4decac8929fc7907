/*
 * ASSERTION: a type scoped to a user object is D_UNKNOWN when dtrace
 * has no -c/-p target whose objects could define it.
 */
BEGIN
{
	trace(((struct a.out`point *)arg0)->x);
}

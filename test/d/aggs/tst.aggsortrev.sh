/*
 * ASSERTION: aggsortrev reverses the default value order.
 */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@["b"] = sum(1);
	@["c"] = sum(3);
	@["a"] = sum(2);
	exit(0);
}

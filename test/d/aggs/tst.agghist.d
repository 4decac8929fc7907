/*
 * ASSERTION: with agghist a scalar aggregation prints each entry's value
 * as a bar of the aggregation's total after its keys.
 * @@nosort
 */
#pragma D option quiet
#pragma D option agghist

BEGIN
{
	@["a"] = count();
	@["a"] = count();
	@["a"] = count();
	@["b"] = count();
	exit(0);
}

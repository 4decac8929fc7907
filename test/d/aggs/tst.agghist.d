/*
 * ASSERTION: with agghist a count() or sum() aggregation prints a header
 * (its key column titled "key", or "value" when it has no keys) and then
 * each entry's value as a bar of the aggregation's total after its keys,
 * which take their packed widths.
 */
#pragma D option quiet
#pragma D option agghist

BEGIN
{
	@a["a"] = count();
	@a["a"] = count();
	@a["a"] = count();
	@a["b"] = count();
	@b = sum(5);
	exit(0);
}

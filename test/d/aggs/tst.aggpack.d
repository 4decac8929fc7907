/*
 * ASSERTION: with aggpack, each quantize() entry prints on one line: a
 * header names the key column and the range of buckets shown, then per
 * key the lowest bucket, one character per bucket (levels of "__xxxxXX"
 * under encoding=ascii, a blank for none), the highest bucket and the
 * count. Every key shares the range of the whole aggregation (one zero
 * bucket either side of the recorded ones).
 */
#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=ascii

BEGIN
{
	@["a"] = quantize(1);
	@["a"] = quantize(2, 7);
	@["b"] = quantize(8, 9);
	exit(0);
}

/*
 * ASSERTION: histograms sort by the sum of each bucket's value times its
 * count, as DTrace's do: one value of 64 comes after ten of 1 (more
 * buckets, less weight), and a tie goes to the count at zero.
 */
#pragma D option quiet

BEGIN
{
	@q["one 64"] = quantize(64);
	@q["ten 1s"] = quantize(1, 10);
	@l["zero"] = lquantize(0, -2, 2, 1);
	@l["minus one, one"] = lquantize(-1, -2, 2, 1);
	@l["minus one, one"] = lquantize(1, -2, 2, 1);
	exit(0);
}

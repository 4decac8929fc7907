/*
 * ASSERTION: normalize() divides printed values; denormalize() undoes it.
 */
#pragma D option quiet

BEGIN
{
	@b["x"] = sum(10);
	@b["z"] = sum(3);
	@q = quantize(1, 8);
	normalize(@b, 2);
	normalize(@q, 4);
	printa(@b);
	printa(@q);
	denormalize(@b);
	printa(@b);
	exit(0);
}

/*
 * ASSERTION: trace() pads integers by size (int: 8 columns, 64-bit: 16)
 * and strings to 33 columns after the default prefix.
 */
BEGIN
{
	trace(1);
	trace(-2LL);
	trace("x");
	exit(0);
}

/*
 * ASSERTION: printa() with a format applies it once per key tuple,
 * keys to plain conversions and the value to %@.
 */
#pragma D option quiet

BEGIN
{
	@a["x", 1] = sum(10);
	@a["y", 2] = sum(5);
	printa("%s:%d = %@d\n", @a);
	printa("%-4s|%4d|%@8u|\n", @a);
	exit(0);
}

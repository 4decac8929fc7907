/*
 * ASSERTION: char and short aggregation keys keep their size, print
 * unsigned (" %3d", " %5d": (char)-2 is 254) and sort unsigned under
 * aggsortkey, as in Oracle's DTrace; int keys stay signed.
 */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@c[(char)-2] = sum(-2);
	@c[(char)1] = sum(1);
	@c[(char)0] = sum(0);
	@s[(short)-1] = sum(-1);
	@s[(short)2] = sum(2);
	@i[-3] = sum(-3);
	@i[4] = sum(4);
	exit(0);
}

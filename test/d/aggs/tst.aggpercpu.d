/*
 * ASSERTION: with aggpercpu each value is followed by one "[CPU n]" line
 * per CPU with that CPU's share: BEGIN fires on one CPU only, so one CPU
 * shows the whole count and the sum and the other shows 0.
 * @@sort: the CPU BEGIN fires on, whose row holds the values, varies
 */
#pragma D option quiet
#pragma D option aggpercpu

BEGIN
{
	@c = count();
	@s = sum(42);
	exit(0);
}

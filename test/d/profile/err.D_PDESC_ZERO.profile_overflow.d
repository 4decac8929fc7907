/*
 * ASSERTION: an interval beyond what a timer holds (here more than
 * 2^64 ns once in days) creates no probe, so the description matches
 * none.
 */
profile-300000000000d
{
	exit(0);
}

/*
 * ASSERTION: an interval below the profile provider's 200 microseconds
 * (profile-1ns) creates no probe, so the description matches none.
 */
profile-1ns
{
	exit(0);
}

/*
 * ASSERTION: ties in value fall back to the key, an integer compared as
 * unsigned as DTrace does: -5 sorts after 3.
 */
#pragma D option quiet

BEGIN
{
	@[(int)3] = count();
	@[(int)-5] = count();
	@[(int)0] = count();
	exit(0);
}

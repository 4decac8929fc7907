/*
 * ASSERTION: ties in value fall back to the key, compared as signed.
 * @@nosort
 */
#pragma D option quiet

BEGIN
{
	@[(int)3] = count();
	@[(int)-5] = count();
	@[(int)0] = count();
	exit(0);
}

/*
 * ASSERTION: integer keys print by record size: " %5d", " %8d",
 * " %16lld"; a char key takes 8 bytes, as in DTrace; several keys print
 * in order before the value.
 * @@nosort
 */
#pragma D option quiet

BEGIN
{
	@k[(char)-1, (short)300, (int)-70000, (long)5000000000, "s"] = count();
	exit(0);
}

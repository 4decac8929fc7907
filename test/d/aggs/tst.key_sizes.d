/*
 * ASSERTION: integer keys print by record size: " %3d" and " %5d"
 * unsigned, " %8d", " %16lld"; a char key takes 1 byte (Oracle's
 * DTrace: (char)-1 prints 255); several keys print in order before the
 * value.
 */
#pragma D option quiet

BEGIN
{
	@k[(char)-1, (short)300, (int)-70000, (long)5000000000, "s"] = count();
	exit(0);
}

/*
 * ASSERTION: trace() records every kind of value: integers by size (char
 * " %3d" and short " %5d" unsigned as in DTrace, int " %8d", 64-bit
 * " %16d", unsigned alike),
 * pointers as 64-bit integers, strings padded to 33 columns, and by-
 * reference data (a char array) as a string when it holds printable
 * characters up to NULs, else as a hex dump of its bytes.
 */
BEGIN
{
	trace((char)-3);
	trace((short)-300);
	trace((unsigned int)4000000000);
	trace((uint64_t)12345678901);
	trace((void *)0);
	trace(curthread->comm);
	exit(0);
}

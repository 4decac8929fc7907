/*
 * ASSERTION: print() shows a scalar as its type name and value: integers
 * in hex (0 as 0, negative values as their two's complement bits), char
 * as a quoted character (octal escape when unprintable), pointers as
 * addresses; each print() leaves the line open.
 */
#pragma D option quiet

BEGIN
{
	print(10);
	printf("\n");
	print(0);
	printf("\n");
	print((short)-1);
	printf("\n");
	print((uint64_t)1234567890123);
	printf("\n");
	print((char)65);
	printf("\n");
	print((char)7);
	printf("\n");
	print((char)0);
	printf("\n");
	print((int *)4096);
	printf("\n");
	exit(0);
}

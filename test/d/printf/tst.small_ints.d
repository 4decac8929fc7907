/*
 * ASSERTION: %d of a char or short argument prints it unsigned, as
 * trace() does and as DTrace prints it; an int or a long long prints
 * signed; %hhd and %hd still narrow as C.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", (char)-2, (short)-2, (int)-2, (long long)-2);
	printf("%i %d\n", (int8_t)0x80, (int16_t)0x8000);
	printf("%hhd %hd\n", -2, -2);
	exit(0);
}

/*
 * ASSERTION: integer constant expressions fold in 64 bits as DTrace's
 * do: 1 << 40 >> 38 is 4, and (1 << 63) - 1 as lquantize's increment
 * stays positive. Casts still narrow.
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 1 << 40 >> 38);
	printf("%d\n", (long)(0x7fffffff + 1));
	printf("%d\n", (char)300);
	printf("%u\n", (unsigned)-1);
	@ = lquantize(1, 0, 4, 1, (1 << 63) - 1);
	exit(0);
}

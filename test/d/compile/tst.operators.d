/*
 * ASSERTION: every C assignment operator, ++/--, shifts, ^^, the comma
 * operator, character and string escapes and integer suffixes compile to
 * C's results.
 */
#pragma D option quiet

BEGIN
{
	x = 100;
	x += 5; x -= 3; x *= 2; x /= 4; x %= 30; x <<= 3; x >>= 1;
	x &= 0xfe; x |= 0x100; x ^= 0x3;
	y = x++ + ++x;
	z = (x--, --x);
	printf("%d %d %d\n", x, y, z);
	printf("%d %d %d %d\n", 1 ^^ 0, 1 ^^ 1, -17 >> 2, 1L << 40);
	printf("%d %d %d %d %d\n", '\n', '\t', '\\', '\x41', '\101');
	printf("%d %d\n", strlen("a\tb\x41\101\n"), sizeof (1ul) + sizeof (1) + sizeof (1L));
	printf("%d %d\n", 0xffffffffu, 010);
	exit(0);
}

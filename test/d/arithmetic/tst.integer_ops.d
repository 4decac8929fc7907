/* ASSERTION: integer operators follow C semantics on 64-bit values. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 7 / 2, -7 / 2, -7 % 3, 7 % -3);
	printf("%d %d %d\n", 1LL << 40, -16 >> 2, 0xf0 ^ 0xff);
	printf("%d %d %d %d\n", 5 & 3, 5 | 3, ~0, !5);
	printf("%d %d %d\n", 3 > 2 ? 10 : 20, 1 ^^ 1, 0 || 2);
	exit(0);
}

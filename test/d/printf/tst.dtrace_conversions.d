/*
 * ASSERTION: the conversions and flag positions DTrace accepts beyond C's
 * print once compiled: %C escapes, %T (RFC 822 date, UTC here), %P
 * (port number), %I (address string), %wc/%lc, '?' (pointer width) and
 * flags after the width.
 */
#pragma D option quiet

BEGIN
{
	printf("[%C] [%C] [%wc] [%lc]\n", 'a', '\n', 65, 66);
	printf("[%T]\n", (int64_t)86400000000000);
	printf("[%P] [%5P] [%I]\n", (uint16_t)80, (uint16_t)22, "10.0.0.1");
	printf("[%?p] [%-?x] [%8-d]\n", 0x1234, 255, 7);
	exit(0);
}

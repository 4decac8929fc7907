/*
 * ASSERTION: integer conversions with flags, widths, precision, `*` and
 * the h/hh/l/ll sizes print as in C.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %i %u %o %x %X %c %%\n", -42, 42, 42, 8, 255, 255, 65);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42);
	printf("[%*d] [%-*d] [%.*d]\n", 6, 7, 6, 7, 4, 7);
	printf("%hd %hhd %hu %hhu %ld %lld %lu\n", 70000, 300, 70000, 300, -1, -1, 1);
	printf("%#o %#x %#X %u\n", 8, 255, 255, -1);
	exit(0);
}

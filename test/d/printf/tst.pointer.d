/*
 * ASSERTION: %p prints an address in hex with 0x.
 */
#pragma D option quiet

BEGIN
{
	printf("%p\n", (void *)0x1234);
	printf("%x\n", 0x1234);
	exit(0);
}

/*
 * ASSERTION: %p prints an address in hex without 0x, as DTrace does;
 * the # flag adds it.
 */
#pragma D option quiet

BEGIN
{
	printf("%p\n", (void *)0x1234);
	printf("%#p\n", (void *)0x1234);
	printf("%x\n", 0x1234);
	exit(0);
}

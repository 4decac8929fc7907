/* ASSERTION: printf() formats integers and strings recorded in BEGIN. */
#pragma D option quiet

BEGIN
{
	printf("%d %s|%5d|%-3s|%x\n", 42, "x", 7, "ab", 255);
	exit(0);
}

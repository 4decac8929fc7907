/*
 * ASSERTION: typedefs name existing types; casts truncate and
 * sign-extend to the target width.
 */
#pragma D option quiet

typedef unsigned char byte_t;
typedef int small_t;

BEGIN
{
	printf("%d %d %d\n", (byte_t)0x1ff == 255, (small_t)0xffffffff, sizeof(byte_t));
	exit(0);
}

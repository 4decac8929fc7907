/*
 * ASSERTION: enumerators count up from the last explicit value and are
 * usable as integer constants.
 */
#pragma D option quiet

enum colour { RED, GREEN = 5, BLUE, ALPHA = -2, BETA };

BEGIN
{
	printf("%d %d %d %d %d\n", RED, GREEN, BLUE, ALPHA, BETA);
	exit(0);
}

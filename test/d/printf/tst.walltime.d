/*
 * ASSERTION: %Y prints nanoseconds since the epoch as a date (UTC here).
 */
#pragma D option quiet

BEGIN
{
	printf("%Y\n", (uint64_t)0);
	printf("[%25Y]\n", (uint64_t)86400000000000 * 365 + 3723000000000);
	exit(0);
}

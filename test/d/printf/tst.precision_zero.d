/*
 * ASSERTION: a precision of 0, written or given by '*', is no precision,
 * as DTrace builds its formats: "%.0s" prints the whole string; other
 * precisions cut as in C.
 */
#pragma D option quiet

BEGIN
{
	printf("[%.0s] [%.*s] [%3.0s] [%.2s] [%.*s]\n", "abcd", 0, "abcd",
	    "abcd", "abcd", 3, "abcd");
	printf("[%.0d] [%.*d] [%.3d]\n", 0, 0, 7, 7);
	exit(0);
}

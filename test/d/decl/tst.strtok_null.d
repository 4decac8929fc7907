/*
 * ASSERTION: strtok(NULL, delim), the documented way to go on
 * tokenizing the string of the last strtok() of the same firing, is
 * accepted and returns the next tokens, then NULL.
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strtok("a,bb,,ccc", ","));
	printf("%s\n", strtok(NULL, ","));
	printf("%s\n", strtok(0, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
	exit(0);
}

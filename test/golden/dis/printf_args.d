/* ASSERTION: printf is a PRINTF head without DIFO plus one ARG per value. */
BEGIN
{
	printf("%d %s\n", 42, "x");
	exit(0);
}

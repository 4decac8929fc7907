/*
 * ASSERTION: system() is destructive: without -w (or -x destructive) the
 * enabling is refused and nothing runs.
 */
#pragma D option quiet

BEGIN
{
	system("echo must not run");
	exit(0);
}

/*
 * ASSERTION: #pragma D attributes and binding may name a global declared
 * before or after them, or one the program creates by assignment: DTrace
 * applies a pragma naming an identifier not yet declared when it is.
 */
#pragma D attributes Stable/Stable/Common later
#pragma D binding "1.0" implicit
#pragma D option quiet

int earlier;
#pragma D attributes Evolving/Evolving/Common earlier

int later;

BEGIN
{
	implicit = 1;
	printf("%d %d %d\n", earlier, later, implicit);
	exit(0);
}

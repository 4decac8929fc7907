/*
 * ASSERTION: #pragma D attributes naming an identifier the program never
 * declares is refused, as DTrace refuses a deferred pragma left unused:
 * a C function declaration declares no D identifier.
 */
void func(int, int);

#pragma D attributes Stable/Stable/Common func

BEGIN
{
	exit(0);
}

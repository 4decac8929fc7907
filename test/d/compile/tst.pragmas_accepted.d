#!/usr/sbin/dtrace -s
/*
 * ASSERTION: a #! first line is skipped; #pragma D attributes, binding
 * and depends_on are accepted in a program, and a #pragma that is not
 * D's is ignored.
 */
#pragma D attributes Evolving/Evolving/Common provider dtrace provider
#pragma D binding "1.0" answer
#pragma D depends_on provider dtrace
#pragma ident "not a D pragma"
#pragma D option quiet

inline int answer = 42;

BEGIN
{
	printf("%d\n", answer);
	exit(0);
}

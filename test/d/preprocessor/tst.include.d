/* @@runtest-opts: -C -I include -H */
/*
 * ASSERTION: -I adds a directory cpp searches for #include "...", and -H
 * makes cpp list each file it includes on stderr.
 */
#include "limits_test.h"
#pragma D option quiet

BEGIN
{
	printf("%d\n", LIMIT * 6);
	exit(0);
}

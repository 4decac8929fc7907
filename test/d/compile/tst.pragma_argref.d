/*
 * ASSERTION: #pragma D option argref lets this script leave its last
 * operand unused, as -x argref does (without it: D_MACRO_UNUSED).
 *
 * @@runtest-opts: 1 2
 */
#pragma D option argref
#pragma D option quiet

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}

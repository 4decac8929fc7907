/*
 * ASSERTION: stack() prints a blank line then one frame per line,
 * indented 14 blanks, each resolved to module`symbol[+0xoff].
 */
#pragma D option quiet

BEGIN
{
	printf("start");
	stack();
	printf("end\n");
	exit(0);
}

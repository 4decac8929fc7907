/*
 * ASSERTION: system() formats its command as printf() does and runs it
 * through the shell after the output traced before it; the command's
 * output lands between the lines printed before and after it.
 */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("before\n");
	system("echo command %d %s; echo second line", 6 * 7, "ran");
	printf("after\n");
	exit(0);
}

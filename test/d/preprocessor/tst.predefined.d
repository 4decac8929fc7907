/* @@runtest-opts: -C */
/*
 * ASSERTION: cpp predefines __linux, __unix, __SUNW_D=1 and __SUNW_D_64
 * for D programs.
 */
#pragma D option quiet

BEGIN
{
#if defined(__linux) && defined(__unix) && __SUNW_D == 1 && defined(__SUNW_D_64)
	printf("predefined\n");
#else
	printf("missing\n");
#endif
	exit(0);
}

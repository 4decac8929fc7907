/* @@runtest-opts: -C -DADDEND=40 -DGONE -UGONE */
/*
 * ASSERTION: -C runs cpp: #define and -D macros expand, -U after -D
 * removes a macro, and line markers keep D's line numbering intact.
 */
#define TWICE(x) ((x) * 2)
#pragma D option quiet

BEGIN
{
	printf("%d\n", TWICE(1) + ADDEND);
#ifdef GONE
	printf("GONE is defined\n");
#endif
	exit(0);
}

/* @@runtest-opts: -C */
/*
 * ASSERTION: cpp predefines the system's and the machine's names in the
 * reserved namespace, as DTrace's cpp (run without -undef) does, while
 * GNU's linux and unix stay D identifiers.
 */
#pragma D option quiet

BEGIN
{
#if defined(__linux__) && defined(__unix__) && defined(__LP64__) && \
    (defined(__x86_64__) && defined(__amd64) || defined(__aarch64__))
	printf("machine\n");
#else
#error the names of the machine are missing
#endif
	linux = 1;
	unix = 2;
	printf("%d %d\n", linux, unix);
	exit(0);
}

/*
 * ASSERTION: &`func is the function's address (from /proc/kallsyms):
 * it prints back as the symbol (%a), and `func is the same value.
 */

#pragma D option quiet
BEGIN
{
	printf("%a\n", &`vfs_read);
	printf("%a\n", (uint64_t)&vmlinux`vfs_read + 1);
	printf("%s\n", `vfs_read == &`vfs_read ? "same" : "differ");
	exit(0);
}

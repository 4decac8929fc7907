/*
 * ASSERTION: a kernel function symbol is typed from BTF: `f, &`f and
 * vmlinux`f are its address, a pointer to the function.
 */

#pragma D option quiet
BEGIN
{
	printf("%d\n", `vfs_read == &`vfs_read);
	printf("%d\n", &vmlinux`vfs_read != 0);
	printf("%d\n", sizeof(&`vfs_read));
	exit(0);
}

/*
 * ASSERTION: vmlinux` scopes a type name to the kernel: both spellings of
 * a scoped struct name the same type as the unscoped one.
 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(vmlinux`struct file) == sizeof(struct file));
	printf("%d\n", sizeof(struct vmlinux`file) == sizeof(struct file));
	printf("%d\n", offsetof(struct file, f_pos) < sizeof(struct file));
	printf("%d\n", sizeof(vmlinux`u64));
	exit(0);
}

/*
 * ASSERTION: enumerators of kernel enums (BTF) are D constants, plain or
 * scoped to vmlinux, usable where constants are (array sizes); D's own
 * names hide them.
 */

#pragma D option quiet
inline int PIDTYPE_SID = 42;

struct per_type { int a[PIDTYPE_MAX]; };

BEGIN
{
	printf("%d %d %d\n", PIDTYPE_PID, vmlinux`PIDTYPE_TGID, PIDTYPE_MAX);
	printf("%d\n", PIDTYPE_SID);
	printf("%d\n", sizeof(struct per_type) == PIDTYPE_MAX * sizeof(int));
	exit(0);
}

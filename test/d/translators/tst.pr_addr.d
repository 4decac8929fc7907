/*
 * ASSERTION: psinfo_t's pr_addr is the address of the task_struct
 * translated, as DTrace's is: no load, so a NULL one translates to 0
 * without a fault, and curthread's is curthread.
 */
#pragma D option quiet

struct task_struct *none;

BEGIN
{
	printf("%d\n", xlate <psinfo_t> (none).pr_addr);
	printf("%d\n", xlate <psinfo_t> (curthread).pr_addr == (uintptr_t)curthread);
	exit(0);
}

ERROR
{
	exit(1);
}

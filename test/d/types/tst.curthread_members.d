/*
 * ASSERTION: kernel types come from BTF: curthread's members load the
 * running thread's task_struct (tgid is the process id, comm its name).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", curthread->tgid == pid, curthread->pid == tid);
	printf("%d\n", stringof(curthread->comm) == execname);
	printf("%d\n", sizeof(struct task_struct) > 1000);
	exit(0);
}

/*
 * ASSERTION: a store through a D variable holding a kernel pointer
 * compiles (the variable is writable) but faults at run time: the kernel
 * takes stores only into scratch and variable storage, and its memory is
 * left alone.
 */
#pragma D option quiet

BEGIN
{
	this->t = curthread;
	this->t->pid = 1;
	printf("not reached: %d\n", this->t->pid);
}

BEGIN
{
	printf("after: %s\n", curthread->pid == $pid ? "unchanged" : "CHANGED");
	exit(0);
}

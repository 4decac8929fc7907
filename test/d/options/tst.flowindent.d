/*
 * ASSERTION: -F (flowindent) prints the CPU/FUNCTION header and indents
 * entry/return probes by call depth (=> and <= for syscalls).
 * @@runtest-opts: -F
 */
int done;

/* A clause that only assigns records nothing and prints no line. */
syscall::ioctl:entry
/pid == $pid && !done/
{
}

syscall::ioctl:entry
/pid == $pid && !done/
{
	self->in = 1;
}

syscall::ioctl:return
/self->in && !done/
{
	done = 1;
	exit(0);
}

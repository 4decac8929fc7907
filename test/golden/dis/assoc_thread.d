/* ASSERTION: associative arrays go through the tuple stack; self-> uses LDTS/STTS. */
syscall::open:entry
{
	self->ts = timestamp;
	last[execname] = arg1;
}

syscall::open:return
/self->ts/
{
	trace(timestamp - self->ts);
	self->ts = 0;
}

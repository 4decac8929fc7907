/* ASSERTION: an aggregation head, its AGGKEY continuations, count() without DIFO. */
syscall::read:entry
{
	@bytes[execname, pid] = sum(arg2);
	@calls[probefunc] = count();
}

END
{
	printa(@bytes);
}

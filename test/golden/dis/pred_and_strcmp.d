/* ASSERTION: && short-circuits with forward branches; string == uses SCMP. */
syscall::read:entry
/pid == 42 && execname == "sh"/
{
	trace(arg0);
}

/* ASSERTION: globals are STGS/LDGS with ids from 0x500 and vartab entries. */
syscall::read:entry
{
	x = arg0;
	trace(x + 1);
}

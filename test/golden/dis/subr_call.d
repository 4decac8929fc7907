/* ASSERTION: subroutine arguments are pushed after FLUSHTS; CALL consumes them. */
BEGIN
{
	trace(strjoin("a", substr("bcd", 1)));
	trace(strlen(execname));
}

/*
 * ASSERTION: print() of a struct lists its members one per line,
 * indented four blanks, as "type name = value", and closes it with "}";
 * a char array holding text prints as [ "text" ]. dtrace runs at nice 0,
 * so its scheduling load weight is fixed (1024 << 10, inverse 2^22).
 * @@nosort
 */
BEGIN
{
	print(curthread->se.load);
	print(curthread->comm);
	exit(0);
}

/*
 * ASSERTION: print() of a struct lists its members one per line,
 * indented four blanks, as "type name = value", and closes it with "}";
 * a char array holding text prints as [ "text" ]. dtrace runs at nice 0,
 * so its scheduling load weight is fixed (1024 << 10, inverse 2^22).
 * The char array is psinfo_t's pr_fname (char [16] on every kernel;
 * task_struct's comm is unsigned char [16] in 6.12's BTF).
 */
BEGIN
{
	print(curthread->se.load);
	print(curpsinfo->pr_fname);
	exit(0);
}
